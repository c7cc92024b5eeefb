#include "inference/phase_reads.hpp"


namespace racecert::inference {

using namespace racecert::expr;

Expr PhaseReads::read(const std::string& array, const std::vector<Expr>& idx, const Expr& unknown) {
  std::vector<Read>& earlier = reads_[array];
  // Oldest first, so that every read of one cell resolves to the first one.
  Expr value = unknown;
  for (auto r = earlier.rbegin(); r != earlier.rend(); ++r) {
    if (r->idx.size() != idx.size()) continue;
    std::vector<Expr> same;
    // An index equal to the earlier one term for term is the same value
    // (both are over the values of this point of the phase): no condition,
    // so `b[tid]` read again is the first read's value and not an ite
    // `tid == tid ? v0 : v1` that every later read nests once more.
    for (std::size_t d = 0; d < idx.size(); ++d)
      if (!equal(idx[d], r->idx[d])) same.push_back(binary(BinOp::Eq, idx[d], r->idx[d]));
    value = ite(conj(same), r->unknown, value);
  }
  if (earlier.size() < kMaxReads) earlier.push_back(Read{idx, unknown});
  return value;
}

PhaseReads PhaseReads::join(const PhaseReads& before, const PhaseReads& then_branch, const PhaseReads& else_branch) {
  // A branch's list of an array starts with the list before the `if`
  // unless the branch forgot the array (it may have read it again after).
  auto kept_by = [](const std::vector<Read>& prefix, const PhaseReads& branch, const std::string& array) {
    auto it = branch.reads_.find(array);
    if (it == branch.reads_.end() || it->second.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
      if (it->second[i].unknown != prefix[i].unknown) return false;
    return true;
  };
  PhaseReads out;
  for (const auto& [array, reads] : before.reads_)
    if (kept_by(reads, then_branch, array) && kept_by(reads, else_branch, array)) out.reads_[array] = reads;
  return out;
}

namespace {

// Direct uses: `steer` gets the variables of conditions, indices and
// operands (a statement's own expressions, but a stored value), `flows`
// maps each assigned variable to the variables of its values.
void uses(const kir::Block& b, std::set<std::string>& steer, std::map<std::string, std::set<std::string>>& flows) {
  for (const auto& s : b) {
    if (s.is<kir::Assign>()) {
      if (s.as<kir::Assign>().value) collect_vars(s.as<kir::Assign>().value, flows[s.as<kir::Assign>().var]);
    } else if (s.is<kir::Store>()) {
      for (const auto& i : s.as<kir::Store>().at.index) collect_vars(i, steer);
    } else {
      kir::own_read_variables(s, steer);
    }
    kir::for_each_nested_block(s, [&](const kir::Block& inner) { uses(inner, steer, flows); });
  }
}

}  // namespace

std::set<std::string> steering_variables(const kir::Kernel& k) {
  std::set<std::string> steer;
  std::map<std::string, std::set<std::string>> flows;
  uses(k.body, steer, flows);
  std::vector<std::string> work(steer.begin(), steer.end());
  while (!work.empty()) {
    std::string v = work.back();
    work.pop_back();
    auto f = flows.find(v);
    if (f == flows.end()) continue;
    for (const auto& u : f->second)
      if (steer.insert(u).second) work.push_back(u);
  }
  return steer;
}

}  // namespace racecert::inference
