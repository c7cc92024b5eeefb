#include "pipeline/replay.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include "kernel_ir/executor.hpp"
#include "support/overloaded.hpp"

namespace racecert::pipeline {

namespace {

using kir::Value;

const char* const kAxes[] = {"x", "y", "z"};

bool is_builtin(const std::string& n) {
  for (const char* b : {"threadIdx.", "blockIdx.", "blockDim.", "gridDim."})
    if (n.rfind(b, 0) == 0) return true;
  return false;
}

// A parameter, or a local the user declared: the front end's temporaries
// have no position, its copies of a shadowed or inlined name carry '#', and
// a pointer's offset is `p.offset` (a struct field named `offset` is hidden
// with them: the witness shows less, never a wrong name).
bool user_variable(const kir::Kernel& k, const std::string& name) {
  if (name.find_first_of("#$") != std::string::npos) return false;
  if (name.size() > 7 && name.ends_with(".offset")) return false;
  for (const auto& p : k.parameters)
    if (p.name == name) return true;
  for (const auto& l : k.locals)
    if (l.name == name) return l.loc.line > 0;
  return false;
}

bool is_parameter(const kir::Kernel& k, const std::string& name) {
  return std::any_of(k.parameters.begin(), k.parameters.end(), [&](const kir::Variable& p) { return p.name == name; });
}

// Where the unknown values of a run come from, read off the code once:
// variables a load, an atomic or a barrier result sets (memory), those an
// untracked value sets (a call without a body, floating point), and the
// variables each assignment reads.
struct Causes {
  std::set<std::string> memory, atomic, untracked;
  std::map<std::string, std::set<std::string>> reads;
  std::map<std::string, std::vector<kir::Expr>> conditions;  // of the branches and loops at a position

  explicit Causes(const kir::Kernel& k) {
    kir::any_statement(k.body, [&](const kir::Stmt& s) {
      std::visit(Overloaded{[&](const kir::Assign& a) {
                              if (!a.value) untracked.insert(a.var);
                              else expr::collect_vars(a.value, reads[a.var]);
                            },
                            [&](const kir::Load& l) { memory.insert(l.var); },
                            [&](const kir::Atomic& a) { atomic.insert(a.var); },
                            [&](const kir::Barrier& b) { memory.insert(b.var); },
                            [&](const kir::If& i) { conditions[i.loc.str()].push_back(i.cond); },
                            [&](const kir::Loop& l) { conditions[l.loc.str()].push_back(l.cond); },
                            [&](const kir::Store&) {}, [&](const kir::Fence&) {}, [&](const kir::Break&) {},
                            [&](const kir::Continue&) {}, [&](const kir::Return&) {}, [&](const kir::Assert&) {},
                            [&](const kir::Assume&) {}, [&](const kir::Unsupported&) {}},
                 s.node);
      return false;
    });
  }
};

// The initial contents of the input arrays, chosen by the replay: global
// arrays passed as parameters that the kernel never writes hold whatever
// the host put there, so any value of a cell is some run of the kernel, as
// long as a cell read twice (by either thread) reads the same value. A
// load of an integer from such an array reads the model's value of the
// load's unknown (inference names it after the load's variable,
// `tmp0$3` for `tmp0`) when it fits the element type, else a guess
// (replay_race tries a few).
struct Inputs {
  std::set<std::string> arrays;
  std::map<std::pair<std::string, std::vector<std::int64_t>>, std::int64_t> cells;
  std::int64_t guess = 0;  // a cell's value when the model has none
  bool guessed = false;    // some cell got it

  explicit Inputs(const kir::Kernel& k) {
    std::set<std::string> written;
    kir::any_statement(k.body, [&](const kir::Stmt& s) {
      if (const auto* st = std::get_if<kir::Store>(&s.node)) written.insert(st->at.array);
      if (const auto* a = std::get_if<kir::Atomic>(&s.node)) written.insert(a->at.array);
      return false;
    });
    for (const auto& a : k.arrays)
      if (a.parameter && a.space == kir::Space::Global && !written.count(a.name) &&
          (a.element == kir::ScalarType::Int || a.element == kir::ScalarType::Unsigned || a.element == kir::ScalarType::Bool))
        arrays.insert(a.name);
  }
};

bool fits(std::int64_t v, const kir::Array& a) {
  if (a.element == kir::ScalarType::Bool) return v == 0 || v == 1;
  int bits = a.element_bytes > 0 && a.element_bytes < 8 ? static_cast<int>(a.element_bytes) * 8 : 64;
  if (bits == 64) return a.element != kir::ScalarType::Unsigned || v >= 0;
  if (a.element == kir::ScalarType::Unsigned) return v >= 0 && v < (std::int64_t{1} << bits);
  return v >= -(std::int64_t{1} << (bits - 1)) && v < (std::int64_t{1} << (bits - 1));
}

// One access at a racing position, as the run performed it.
struct Access {
  std::string array;
  std::string mode;  // "rd", "wr", "atomic"
  bool known = false;  // its index is known
  std::string unknown_reason;
  std::vector<std::int64_t> index;  // as evaluated, one per dimension
  std::int64_t unit = 1, width = 1;  // bytes the last index counts, bytes accessed
  std::vector<std::int64_t> lead;   // indices before the last, when the sizes do not linearize them
  std::int64_t begin = 0, end = 0;  // bytes of the last dimension
  // Barriers passed before it: block barriers ordering shared and global
  // memory, other named barriers, grid barriers.
  std::uint64_t shared_phase = 0, global_phase = 0, named_phase = 0, grid_phase = 0;
};

struct Stop {  // the run ends early, for this reason
  std::string reason;
};
struct Snapshot {};  // the run reached the access whose variables the witness shows

// One thread of the replay: runs the kernel, records its accesses at one
// source position, and ends within the limits.
class ThreadRun : public kir::ThreadExecutor {
 public:
  ThreadRun(const kir::Kernel& k, const Causes& causes, Inputs& inputs, const std::map<std::string, std::int64_t>& model,
            const SourceLoc& at, const std::string& array, const ReplayLimits& limits)
      : k_(k), causes_(causes), inputs_(inputs), model_(model), at_(at), array_(array), limits_(limits) {}

  std::vector<Access> accesses;
  std::optional<std::string> stopped;  // why the run ended early
  // With `snapshot_at`: the run ends at that access, and `locals` are the
  // user's variables there.
  std::optional<std::size_t> snapshot_at;
  std::vector<std::pair<std::string, std::int64_t>> locals;

  void go(const kir::Environment& start) {
    env = start;
    try {
      run(k_.body);
    } catch (const Stop& s) {
      stopped = s.reason;
    } catch (const Snapshot&) {
    }
  }

 protected:
  void on_load(const kir::Load& l) override {
    why_[l.var] = kReasonMemory;
    record(l.at, "rd", l.loc);
  }
  Value loaded(const kir::Load& l) override {
    if (!inputs_.arrays.count(l.at.array) || l.at.unit || l.at.width) return std::nullopt;
    std::vector<std::int64_t> index;
    for (const auto& i : l.at.index) {
      Value v = i ? eval(i) : std::nullopt;
      if (!v) return std::nullopt;
      index.push_back(*v);
    }
    auto [cell, fresh] = inputs_.cells.emplace(std::make_pair(l.at.array, index), 0);
    if (fresh) {
      const kir::Array* a = k_.find_array(l.at.array);
      bool modelled = false;
      for (const auto& [name, v] : model_)
        if (name.substr(0, name.find('$')) == l.var && a && fits(v, *a)) {
          cell->second = v;
          modelled = true;
          break;
        }
      if (!modelled) {
        cell->second = a && fits(inputs_.guess, *a) ? inputs_.guess : 0;
        inputs_.guessed = true;
      }
    }
    return cell->second;
  }
  void on_store(const kir::Store& s) override { record(s.at, "wr", s.loc); }
  void on_atomic(const kir::Atomic& a) override {
    why_[a.var] = kReasonAtomic;
    record(a.at, "atomic", a.loc);
  }
  void on_barrier(const kir::Barrier& b) override {
    if (!b.var.empty()) why_[b.var] = kReasonMemory;  // __syncthreads_count: the other threads' values
    if (b.kind == kir::Barrier::Kind::Warp) return;
    if (b.kind == kir::Barrier::Kind::Grid) ++grid_phase_;
    if (kir::is_block_barrier(b)) {
      if (b.orders_shared) ++shared_phase_;
      if (b.orders_global) ++global_phase_;
    } else {
      ++named_phase_;  // a named barrier may order the two threads: only equal counts confirm
    }
  }
  void on_unsupported(const kir::Unsupported&) override { throw Stop{kReasonUnknownFunction}; }
  void on_assume(const kir::Assume& a) override {
    Value c = eval(a.cond);
    if (!c) throw Stop{reason_of(a.cond)};
    if (!*c) throw Stop{kReasonNotReached};  // the witness's run is no run of the kernel
  }
  // Skipped code is harmless when it holds neither a racing access, a
  // barrier nor a jump; otherwise the run cannot go on.
  void on_undecided(const std::vector<const kir::Block*>& parts, const char*, const SourceLoc& loc) override {
    std::string why = reason_at(loc);
    for (const kir::Block* b : parts)
      if (kir::any_statement(*b, [&](const kir::Stmt& s) { return matters(s); })) throw Stop{why};
    std::set<std::string> vars;
    for (const kir::Block* b : parts) kir::assigned_variables(*b, vars);
    for (const auto& v : vars) why_[v] = why;
  }
  void after_iteration(const kir::Loop&, std::uint64_t) override {
    if (++iterations_ > limits_.iterations) throw Stop{kReasonLoopBound};
  }

 private:
  const kir::Kernel& k_;
  const Causes& causes_;
  Inputs& inputs_;
  const std::map<std::string, std::int64_t>& model_;  // the witness's values of this thread's names
  SourceLoc at_;
  std::string array_;  // the race's array, when the kernel IR has it
  const ReplayLimits& limits_;
  std::map<std::string, std::string> why_;  // why a variable became unknown, when the run knows
  std::uint64_t iterations_ = 0, shared_phase_ = 0, global_phase_ = 0, named_phase_ = 0, grid_phase_ = 0;

  bool matters(const kir::Stmt& s) const {
    return std::visit(
        Overloaded{[&](const kir::Load& l) { return l.loc == at_; }, [&](const kir::Store& st) { return st.loc == at_; },
                   [&](const kir::Atomic& a) { return a.loc == at_; }, [](const kir::Barrier&) { return true; },
                   [](const kir::Break&) { return true; }, [](const kir::Continue&) { return true; },
                   [](const kir::Return&) { return true; }, [](const kir::Assume&) { return true; },
                   [](const kir::Unsupported&) { return true; }, [](const kir::Assign&) { return false; },
                   [](const kir::Fence&) { return false; }, [](const kir::Assert&) { return false; },
                   [](const kir::If&) { return false; }, [](const kir::Loop&) { return false; }},
        s.node);
  }

  // Why an expression is unknown here: follows its unknown variables back
  // to a load, an untracked value or a run's own skipped code.
  std::string reason_of(const kir::Expr& e) const {
    if (!e) return kReasonUnknownFunction;
    std::vector<std::string> todo;
    for (const auto& v : expr::free_vars(e)) todo.push_back(v);
    std::set<std::string> seen;
    while (!todo.empty()) {
      std::string v = todo.front();
      todo.erase(todo.begin());
      if (!seen.insert(v).second || lookup(v)) continue;
      if (auto it = why_.find(v); it != why_.end()) return it->second;
      if (causes_.memory.count(v)) return kReasonMemory;
      if (causes_.atomic.count(v)) return kReasonAtomic;
      if (causes_.untracked.count(v)) return kReasonUnknownFunction;
      if (auto it = causes_.reads.find(v); it != causes_.reads.end()) todo.insert(todo.end(), it->second.begin(), it->second.end());
    }
    return kReasonOpenValue;
  }

  std::string reason_at(const SourceLoc& loc) const {
    auto it = causes_.conditions.find(loc.str());
    if (it == causes_.conditions.end()) return kReasonOpenValue;
    for (const auto& c : it->second)
      if (!c || !eval(c)) return reason_of(c);
    return kReasonOpenValue;
  }

  void record(const kir::Location& at, const char* mode, const SourceLoc& loc) {
    if (loc != at_ || (!array_.empty() && at.array != array_)) return;
    if (accesses.size() >= limits_.accesses) throw Stop{kReasonLoopBound};
    Access a;
    a.array = at.array;
    a.mode = mode;
    a.shared_phase = shared_phase_;
    a.global_phase = global_phase_;
    a.named_phase = named_phase_;
    a.grid_phase = grid_phase_;
    const kir::Array* arr = k_.find_array(at.array);
    std::int64_t element = arr && arr->element_bytes > 0 ? arr->element_bytes : 1;
    std::int64_t unit = at.unit ? at.unit : element, width = at.width ? at.width : element;
    std::vector<std::int64_t> index;
    a.known = true;
    for (const auto& i : at.index) {
      Value v = i ? eval(i) : std::nullopt;
      if (!v) {
        a.known = false;
        a.unknown_reason = reason_of(i);
        break;
      }
      index.push_back(*v);
    }
    a.index = index;
    a.unit = unit;
    a.width = width;
    if (a.known && !index.empty()) {
      // Row-major over known sizes (as the front end linearizes), else the
      // leading indices compare as they are.
      bool sized = arr && arr->sizes.size() == index.size() &&
                   std::all_of(arr->sizes.begin() + 1, arr->sizes.end(), [](std::int64_t s) { return s > 0; });
      __int128 last = index.back();
      if (sized) {
        last = 0;
        for (std::size_t d = 0; d < index.size(); ++d) last = last * (d == 0 ? 1 : arr->sizes[d]) + index[d];
      } else {
        a.lead.assign(index.begin(), index.end() - 1);
      }
      __int128 begin = last * unit;
      if (begin > std::numeric_limits<std::int64_t>::max() / 2 || begin < std::numeric_limits<std::int64_t>::min() / 2) {
        a.known = false;
        a.unknown_reason = kReasonOpenValue;
      } else {
        a.begin = static_cast<std::int64_t>(begin);
      }
    }
    a.end = a.begin + width;
    accesses.push_back(std::move(a));
    if (snapshot_at && accesses.size() - 1 == *snapshot_at) {
      for (const auto& l : k_.locals)
        if (Value v = lookup(l.name); v && user_variable(k_, l.name)) locals.emplace_back(l.name, *v);
      throw Snapshot{};
    }
  }
};

bool conflict(const Access& a, const Access& b, bool heterogeneous) {
  if (a.mode == "rd" && b.mode == "rd") return false;
  if (a.mode == "atomic" && b.mode == "atomic") return heterogeneous;
  return true;
}

bool overlap(const Access& a, const Access& b) {
  return a.known && b.known && a.array == b.array && a.lead == b.lead && a.begin < b.end && b.begin < a.end;
}

// Whether no barrier the two threads both wait at separates the accesses.
bool concurrent(const kir::Kernel& k, const Access& a, const Access& b, bool same_block) {
  if (a.grid_phase != b.grid_phase) return false;
  if (!same_block) return true;
  const kir::Array* arr = k.find_array(a.array);
  bool shared = arr && arr->space == kir::Space::Shared;
  return a.named_phase == b.named_phase &&
         (shared ? a.shared_phase == b.shared_phase : a.global_phase == b.global_phase);
}

std::int64_t value_or(const std::map<std::string, std::int64_t>& m, const std::string& n, std::int64_t d) {
  auto it = m.find(n);
  return it == m.end() ? d : it->second;
}

// The launch, parameters and thread of one racing thread (1 or 2). A value
// the witness leaves open gets one a launch allows: a launch size just
// large enough for both threads, a parameter's value from an equality
// precondition or 0 (any value is some run of the kernel; the
// preconditions are checked in replay_race).
kir::Environment start_env(const kir::Kernel& k, const smt::WitnessValues& w, int thread) {
  kir::Environment env;
  const auto& shared = w.by_thread[0];
  for (int d = 0; d < 3; ++d) {
    std::string axis = kAxes[d];
    std::int64_t t1 = value_or(w.by_thread[1], "threadIdx." + axis, 0), t2 = value_or(w.by_thread[2], "threadIdx." + axis, 0);
    // A same-block trace's block is shared by both threads: the witness
    // gives it once, among the shared values.
    std::int64_t b = value_or(shared, "blockIdx." + axis, 0);
    std::int64_t b1 = value_or(w.by_thread[1], "blockIdx." + axis, b), b2 = value_or(w.by_thread[2], "blockIdx." + axis, b);
    env["blockDim." + axis] = value_or(shared, "blockDim." + axis, std::max(t1, t2) + 1);
    env["gridDim." + axis] = value_or(shared, "gridDim." + axis, std::max(b1, b2) + 1);
    env["threadIdx." + axis] = thread == 1 ? t1 : t2;
    env["blockIdx." + axis] = thread == 1 ? b1 : b2;
  }
  std::map<std::string, std::int64_t> required;
  for (const auto& p : k.preconditions)
    if (p && p->kind == expr::ExprNode::Kind::Binary && p->binop == expr::BinOp::Eq && p->a->kind == expr::ExprNode::Kind::Var)
      if (auto c = expr::as_int(p->b)) required[p->a->name] = *c;
  for (const auto& p : k.parameters) env[p.name] = value_or(shared, p.name, value_or(required, p.name, 0));
  return env;
}

std::vector<std::pair<std::string, std::int64_t>> replay_witness(const kir::Kernel& k, const smt::WitnessValues& w,
                                                                  const kir::Environment& e1, const kir::Environment& e2,
                                                                  const ThreadRun& r1, const ThreadRun& r2) {
  std::vector<std::pair<std::string, std::int64_t>> out;
  for (const auto& [name, v] : e1)
    if (v && is_builtin(name) && w.by_thread[0].count(name))  // launch sizes, the block of a same-block race
      out.emplace_back(name, *v);
  for (const auto& p : k.parameters)
    if (Value v = e1.count(p.name) ? e1.at(p.name) : std::nullopt) out.emplace_back(p.name, *v);
  std::sort(out.begin(), out.end());
  auto thread = [&](const kir::Environment& e, const ThreadRun& run, int t) {
    std::vector<std::pair<std::string, std::int64_t>> part;
    for (const auto& [name, v] : e)
      if (v && (name.rfind("threadIdx.", 0) == 0 || name.rfind("blockIdx.", 0) == 0) && w.by_thread[t].count(name))
        part.emplace_back(name + "@" + std::to_string(t), *v);
    for (const auto& [name, v] : run.locals) part.emplace_back(name + "@" + std::to_string(t), v);
    std::sort(part.begin(), part.end());
    out.insert(out.end(), part.begin(), part.end());
  };
  thread(e1, r1, 1);
  thread(e2, r2, 2);
  return out;
}

}  // namespace

std::vector<std::pair<std::string, std::int64_t>> user_witness(
    const kir::Kernel& k, const std::vector<std::pair<std::string, std::int64_t>>& witness) {
  std::vector<std::pair<std::string, std::int64_t>> out;
  for (const auto& [name, v] : witness) {
    std::string base = name.substr(0, name.find('@'));
    if (is_builtin(base) || user_variable(k, base)) out.emplace_back(name, v);
  }
  return out;
}

smt::ReplayOutcome replay_race(const kir::Kernel& k, const smt::WitnessValues& w, ReportedRace& r,
                               const ReplayLimits& limits) {
  smt::ReplayOutcome out;
  r.confirmed = false;
  r.witness = user_witness(k, r.witness);
  // The values to exclude from another witness: the parameters, else the
  // launch and the threads.
  for (const auto& [name, v] : w.by_thread[0])
    if (is_parameter(k, name)) out.refuted.emplace_back(name, 0);
  if (out.refuted.empty())
    for (int t = 0; t < 3; ++t)
      for (const auto& [name, v] : w.by_thread[t])
        if (is_builtin(name)) out.refuted.emplace_back(name, t);

  kir::Environment e1 = start_env(k, w, 1), e2 = start_env(k, w, 2);
  for (const auto& p : k.preconditions) {
    Value c = p ? expr::eval_partial(p, [&](const std::string& v) { return e1.count(v) ? e1.at(v) : std::nullopt; })
                : std::nullopt;
    if (c && !*c) {
      r.replay_reason = kReasonOpenValue;
      return out;
    }
  }
  Causes causes(k);
  Inputs inputs(k);
  // Each thread's names, then the shared ones (a load the uniformity
  // analysis found uniform has one unknown for the whole block).
  std::map<std::string, std::int64_t> m1 = w.by_thread[1], m2 = w.by_thread[2];
  m1.insert(w.by_thread[0].begin(), w.by_thread[0].end());
  m2.insert(w.by_thread[0].begin(), w.by_thread[0].end());
  std::string array = k.find_array(r.array) ? r.array : "";
  bool same_block = true;
  for (const char* axis : kAxes) same_block = same_block && e1["blockIdx." + std::string(axis)] == e2["blockIdx." + std::string(axis)];

  // Input cells the model says nothing of get a guess; when the first
  // guess does not confirm, a few others are tried. The reasons are the
  // first run's.
  std::vector<std::int64_t> second_index = r.bytes.size() == 2 ? r.bytes[1].index : r.index;
  std::optional<std::string> reason;
  for (std::int64_t guess : {0, 1, 2, 1000}) {
    inputs.cells.clear();
    inputs.guess = guess;
    inputs.guessed = false;
    ThreadRun r1(k, causes, inputs, m1, r.first.loc, array, limits),
        r2(k, causes, inputs, m2, r.second.loc, array, limits);
    r1.go(e1);
    r2.go(e2);
    // The racing pairs; the one on the reported cell if there is one, so
    // that the report's index and the witness agree.
    std::optional<std::string> unknown_index;
    std::optional<std::pair<std::size_t, std::size_t>> found;
    for (std::size_t i = 0; i < r1.accesses.size(); ++i)
      for (std::size_t j = 0; j < r2.accesses.size(); ++j) {
        const Access &a = r1.accesses[i], &b = r2.accesses[j];
        if (!conflict(a, b, r.heterogeneous) || !concurrent(k, a, b, same_block)) continue;
        if (!a.known || !b.known) {
          if (!unknown_index) unknown_index = !a.known ? a.unknown_reason : b.unknown_reason;
          continue;
        }
        if (!overlap(a, b)) continue;
        if (!found || (a.index == r.index && b.index == second_index)) found = {i, j};
        if (a.index == r.index && b.index == second_index) break;
      }
    if (found) {
      // Confirmed: run both threads again up to the racing accesses, for
      // the user's variables there (the input cells are kept).
      const Access &a = r1.accesses[found->first], &b = r2.accesses[found->second];
      ThreadRun s1(k, causes, inputs, m1, r.first.loc, array, limits),
          s2(k, causes, inputs, m2, r.second.loc, array, limits);
      s1.snapshot_at = found->first;
      s2.snapshot_at = found->second;
      s1.go(e1);
      s2.go(e2);
      r.confirmed = true;
      r.replay_reason.clear();
      r.witness = replay_witness(k, w, e1, e2, s1, s2);
      for (const auto& [cell, v] : inputs.cells) {  // the input contents the run read
        std::string name = cell.first;
        for (auto i : cell.second) name += "[" + std::to_string(i) + "]";
        r.witness.emplace_back(name, v);
      }
      r.index = a.index;
      if (r.bytes.size() == 2) {
        auto bytes = [](const Access& x) {
          return ReportedBytes{x.index, x.index.empty() ? 0 : x.index.back() * x.unit, x.width};
        };
        r.bytes = {bytes(a), bytes(b)};
      }
      return out;
    }
    if (!reason) {
      if (unknown_index) reason = *unknown_index;
      else if (r1.stopped) reason = *r1.stopped;
      else if (r2.stopped) reason = *r2.stopped;
      else reason = kReasonNotReached;
    }
    if (!inputs.guessed) break;
  }
  r.replay_reason = *reason;
  out.retry = r.replay_reason == kReasonNotReached || r.replay_reason == kReasonLoopBound;
  return out;
}

}  // namespace racecert::pipeline
