#include "progress/report.hpp"

#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <cctype>
#include <iomanip>
#include <sstream>

#include "progress/printer.hpp"

namespace racecert::progress {

namespace {

// "Mem[0]" for numeric locations, the identifier itself otherwise.
std::string location_str(const std::string& name) {
  return !name.empty() && std::isdigit(static_cast<unsigned char>(name[0])) ? "Mem[" + name + "]" : name;
}

std::string state_str(const StateGraph& g, std::uint32_t s) {
  const DecodedState d = g.decode(s);
  std::string out = "pc=(";
  for (std::size_t t = 0; t < d.pcs.size(); ++t) out += (t ? "," : "") + std::to_string(d.pcs[t]);
  out += ")";
  for (std::size_t x = 0; x < d.mem.size(); ++x)
    out += " " + location_str(g.program().locations[x]) + "=" + std::to_string(d.mem[x]);
  return out;
}

std::string instruction_text(const StateGraph& g, const WitnessStep& st) {
  const auto& code = g.program().threads[st.thread].code;
  return suite_instruction(code[st.pc], st.pc, code.size());
}

void steps_text(std::ostringstream& os, const StateGraph& g, const std::vector<WitnessStep>& steps) {
  for (const auto& st : steps) {
    std::string instr = "T" + std::to_string(st.thread) + " " + std::to_string(st.pc) + ": " + instruction_text(g, st);
    os << "      " << std::left << std::setw(44) << instr << " F=" << std::setw(8) << thread_set_str(st.fair)
       << " -> " << state_str(g, st.to) << "\n";
  }
}

llvm::json::Array thread_array(ThreadSet s) {
  llvm::json::Array a;
  for (unsigned t = 0; t < 32; ++t)
    if (s >> t & 1u) a.push_back(static_cast<std::int64_t>(t));
  return a;
}

llvm::json::Array steps_json(const StateGraph& g, const std::vector<WitnessStep>& steps) {
  llvm::json::Array out;
  for (const auto& st : steps) {
    const DecodedState d = g.decode(st.to);
    llvm::json::Array pcs;
    for (auto pc : d.pcs) pcs.push_back(static_cast<std::int64_t>(pc));
    llvm::json::Object mem;
    for (std::size_t x = 0; x < d.mem.size(); ++x) mem[g.program().locations[x]] = static_cast<std::int64_t>(d.mem[x]);
    out.push_back(llvm::json::Object{{"thread", static_cast<std::int64_t>(st.thread)},
                                     {"pc", static_cast<std::int64_t>(st.pc)},
                                     {"instruction", instruction_text(g, st)},
                                     {"fair", thread_array(st.fair)},
                                     {"after", llvm::json::Object{{"pc", std::move(pcs)}, {"mem", std::move(mem)}}}});
  }
  return out;
}

}  // namespace

std::string format_table(const std::vector<Verdict>& verdicts, const LtsCounts& lts) {
  std::ostringstream os;
  os << "LTS: " << lts.states << " states, " << lts.actions << " actions\n";
  os << std::left << std::setw(12) << "model" << std::setw(10) << "fairness" << "verdict\n";
  for (const auto& v : verdicts) {
    std::string model = model_name(v.spec.model);
    if (v.spec.occupancy) model += " O=" + std::to_string(v.spec.occupancy);
    os << std::setw(12) << model << std::setw(10) << fairness_name(v.spec.fairness)
       << (v.terminates ? "terminates" : "may not terminate") << "\n";
  }
  return os.str();
}

std::string format_lasso(const Verdict& v) {
  if (!v.witness) return "";
  std::ostringstream os;
  os << "  witness: a prefix of " << v.witness->prefix.size() << " step(s), then a cycle of "
     << v.witness->cycle.size() << " step(s) repeated forever\n";
  os << "    prefix (from " << state_str(*v.graph, StateGraph::initial()) << "):\n";
  steps_text(os, *v.graph, v.witness->prefix);
  os << "    cycle:\n";
  steps_text(os, *v.graph, v.witness->cycle);
  return os.str();
}

std::string format_verdict(const Verdict& v) {
  return spec_name(v.spec) + ": " + (v.terminates ? "terminates" : "may not terminate") + "\n" + format_lasso(v);
}

std::string format_json(const std::vector<Verdict>& verdicts, const LtsCounts& lts) {
  llvm::json::Array results;
  for (const auto& v : verdicts) {
    llvm::json::Object r{{"model", model_name(v.spec.model)},
                         {"fairness", fairness_name(v.spec.fairness)},
                         {"terminates", v.terminates}};
    if (v.spec.occupancy) r["occupancy"] = static_cast<std::int64_t>(v.spec.occupancy);
    if (v.witness)
      r["witness"] = llvm::json::Object{{"prefix", steps_json(*v.graph, v.witness->prefix)},
                                        {"cycle", steps_json(*v.graph, v.witness->cycle)}};
    else
      r["witness"] = nullptr;
    results.push_back(std::move(r));
  }
  llvm::json::Value doc = llvm::json::Object{
      {"results", std::move(results)},
      {"lts", llvm::json::Object{{"states", static_cast<std::int64_t>(lts.states)},
                                 {"actions", static_cast<std::int64_t>(lts.actions)}}}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", doc) << "\n";
  os.flush();
  return out;
}

}  // namespace racecert::progress
