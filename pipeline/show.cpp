#include "pipeline/show.hpp"

#include "smt/array_stages.hpp"
#include "smt/query.hpp"
#include "support/diagnostic.hpp"
#include "transform/wellformed.hpp"

namespace racecert::pipeline {

std::string show_protocol_stage(const protocol::Kernel& k, Stage s, const smt::CheckOptions& o) {
  transform::WellFormed w = transform::make_well_formed(k);
  if (s == Stage::WellFormed || !w.divergences.empty()) return transform::print(w);
  std::string out;
  const char* comment = s == Stage::Smt ? "; " : "// ";
  for (const auto& array : k.arrays) {
    out += comment + ("kernel " + k.name + ", array " + array.name + "\n");
    smt::ArrayStages stages(w, array, o);
    try {
      switch (s) {
        case Stage::Aligned: out += transform::print(stages.aligned()); break;
        case Stage::Split: out += transform::print(stages.closures()); break;
        case Stage::Traces:
          for (const auto& t : stages.traces()) out += transform::print(t);
          break;
        case Stage::Smt:
          for (const auto& t : stages.traces()) out += smt::to_smtlib(t, o.query);
          break;
        case Stage::Kernel:
        case Stage::Barriers:
        case Stage::Protocol:
        case Stage::WellFormed: break;  // not stages of the protocol analysis
      }
    } catch (const Error& e) {
      out += comment + e.render() + "\n";
    }
  }
  return out;
}

}  // namespace racecert::pipeline
