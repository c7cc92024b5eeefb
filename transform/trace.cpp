#include "transform/trace.hpp"

#include <unordered_set>

#include "protocol/interpreter.hpp"
#include "protocol/loop_domain.hpp"
#include "protocol/printer.hpp"
#include "support/expr_memo.hpp"
#include "support/overloaded.hpp"

namespace racecert::transform {

using namespace protocol;

// The part of every trace of one view that no closure changes: the
// builtins' and the uniform unknowns' copies, and the launch's constraints,
// the preconditions and the command line's assumptions, renamed for both
// threads (TraceMaker).
struct TracePrelude {
  std::vector<TraceVar> head;  // declared before the binders
  std::vector<TraceVar> tail;  // declared by the renaming of the assumptions
  std::vector<Expr> assumptions;
  std::set<std::string> names;  // the variables the assumptions mention, before renaming
  bool usable = true;           // false: an atomic ticket among them (its constraints are per trace)
};

namespace {

class Sequentializer {
 public:
  Sequentializer(const WellFormed& w, const std::string& array, bool cross_block)
      : w_(w), array_(array), cross_(cross_block), renames_{MemoRename(resolver(1)), MemoRename(resolver(2))} {
    t_.kernel = w.kernel.name;
    t_.array = array;
    t_.cross_block = cross_block;
    if (const ArrayDecl* a = w.kernel.find_array(array)) {
      t_.space = a->space;
      t_.element_bytes = a->element_bytes;
    }
  }

  // What every trace of the view starts with, made by a sequentializer of
  // its own (no binder, no code).
  TracePrelude prelude(const TraceOptions& o) {
    TracePrelude p;
    declare_launch();
    p.head = t_.vars;
    assume_launch(o);
    p.tail.assign(t_.vars.begin() + static_cast<std::ptrdiff_t>(p.head.size()), t_.vars.end());
    p.assumptions = std::move(t_.assumptions);
    for_each_launch_fact(o, [&](const Expr& e) { collect_vars(e, p.names); });
    p.usable = tickets_.empty();
    return p;
  }

  // `prelude`, when given, is this view's: the trace copies its parts
  // instead of renaming them again, unless a binder of the closure names a
  // variable of it (a binder is shared by both threads, so the renaming
  // would differ).
  SymbolicTrace build(const std::vector<ClosureBinder>& binders, const Block& code,
                      const TraceOptions& o, WrittenValues values, const TracePrelude* prelude = nullptr) {
    t_.values = values;
    if (prelude && !prelude->usable) prelude = nullptr;
    for (const auto& b : binders)
      if (prelude && prelude->names.count(b.var)) prelude = nullptr;
    if (prelude) for (const auto& v : prelude->head) declare(v);
    else declare_launch();
    for (const auto& b : binders) {
      if (!b.var.empty()) {
        shared_binders_.insert(b.var);
        add_var(b.var, b.var, 0);
      }
      t_.assumptions.push_back(rename(b.where, resolver(1)));
    }
    if (prelude) {
      for (const auto& v : prelude->tail) declare(v);
      t_.assumptions.insert(t_.assumptions.end(), prelude->assumptions.begin(), prelude->assumptions.end());
    } else {
      assume_launch(o);
    }
    t_.assumptions.push_back(distinct_threads());
    if (!cross_) {
      if (o.same_group > 0) t_.assumptions.push_back(same_group(o.same_group, BinOp::Eq));
      if (o.other_group > 0) t_.assumptions.push_back(same_group(o.other_group, BinOp::Ne));
    }
    // Threads of different blocks are never in one warp.
    lockstep_ = o.warp_size > 0 && !cross_;
    // Each thread's walk keeps at most every access of the array once: no
    // growth slack in the largest vector of a check (issue 18).
    t_.accesses.reserve(2 * count_accesses(code, array_));
    for (int thread = 1; thread <= 2; ++thread) {
      shared_count_.clear();
      next_site_ = 0;
      walk(code, thread, bool_lit(true));
    }
    if (lockstep_) t_.lockstep = lockstep(o.warp_size);
    distinct_tickets();
    return std::move(t_);
  }

 private:
  const WellFormed& w_;
  const std::string& array_;
  bool cross_;
  SymbolicTrace t_;
  // Hashed: a trace of a long phase declares a copy of each of thousands of
  // locals (issue 18).
  std::set<std::string> shared_binders_;
  std::unordered_set<std::string> declared_;
  std::vector<std::map<std::string, std::string>> scopes_;
  std::map<std::string, int> occurrences_;   // per-thread binder copies
  std::map<std::string, int> shared_count_;  // shared declarations met by this thread's walk
  std::unordered_set<std::string> per_thread_;  // trace names of one thread's copies
  // Lock-step: the walk's next access site; the counters of the enclosing
  // loops that count iterations alike in both threads (walk_loop), and
  // those of every site, per thread; a number per source position.
  bool lockstep_ = false;  // the trace is of lock-step warps: sites, instructions and counters matter
  int next_site_ = 0;
  std::vector<Expr> counters_;
  std::map<int, std::vector<Expr>> site_counters_[2];
  std::map<std::string, int> instructions_;
  struct TicketCopy {
    std::string name;  // in the trace
    int thread;
    const TicketCounter* counter;
  };
  std::vector<TicketCopy> tickets_;
  // Each thread's renaming of the walk's expressions, memoized so that the
  // written values of a chain of read-modify-writes, which share their
  // sub-terms, are renamed once per trace and not once per access (issue
  // 18). Told of each binding that enters or leaves the scopes (rebind).
  MemoRename renames_[2];

  Expr renamed(const Expr& e, int thread) { return renames_[thread - 1](e); }

  void rebind(const std::string& n) {
    renames_[0].rebind(n);
    renames_[1].rebind(n);
  }

  void pop_scope() {
    for (const auto& [n, name] : scopes_.back()) rebind(n);
    scopes_.pop_back();
  }

  Uniformity level(const std::string& n) const { return level_of(n, w_.levels); }

  bool is_shared(const std::string& n) const {
    if (shared_binders_.count(n)) return true;
    Uniformity l = level(n);
    return l == Uniformity::Grid || (l == Uniformity::Block && !cross_);
  }

  std::string source_of(const std::string& n) const {
    auto it = w_.source_name.find(n);
    return it == w_.source_name.end() ? n : it->second;
  }

  void add_var(const std::string& name, const std::string& base, int thread) {
    if (!declared_.insert(name).second) return;
    if (thread != 0) per_thread_.insert(name);
    t_.vars.push_back(TraceVar{name, source_of(base), thread, builtin_kind(base).has_value()});
    if (thread == 0 || w_.tickets.empty()) return;
    auto ticket = w_.tickets.find(base);
    if (ticket != w_.tickets.end()) tickets_.push_back({name, thread, &ticket->second});
  }

  // Atomic tickets (docs/smt-encoding.md "Atomic tickets"): every copy of a
  // ticket in thread 1 was drawn by another call than every copy in thread
  // 2, so tickets of one counter differ; for a shared counter only when the
  // threads share a block, for a global one always. Only tickets the
  // accesses use are constrained (the others would only lengthen the query).
  void distinct_tickets() {
    if (tickets_.empty()) return;  // (the scan below walks every access's expressions)
    std::set<std::string> used;
    for (const auto& a : t_.accesses) {
      collect_vars(a.guard, used);
      for (const auto& i : a.index) collect_vars(i, used);
      collect_vars(a.value, used);
    }
    for (const auto& one : tickets_)
      for (const auto& two : tickets_) {
        if (one.thread != 1 || two.thread != 2 || !(*one.counter == *two.counter)) continue;
        if (cross_ && one.counter->space == MemorySpace::Shared) continue;
        if (!used.count(one.name) || !used.count(two.name)) continue;
        t_.assumptions.push_back(binary(BinOp::Ne, var(one.name), var(two.name)));
      }
  }

  // The trace name of a free variable as seen by `thread`.
  std::string global_name(const std::string& n, int thread) {
    if (is_shared(n)) {
      add_var(n, n, 0);
      return n;
    }
    std::string name = n + "@" + std::to_string(thread);
    add_var(name, n, thread);
    return name;
  }

  void for_both(const std::string& n) {
    global_name(n, 1);
    global_name(n, 2);
  }

  std::function<std::string(const std::string&)> resolver(int thread) {
    return [this, thread](const std::string& n) {
      for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
        auto f = it->find(n);
        if (f != it->end()) return f->second;
      }
      return global_name(n, thread);
    };
  }

  // The builtins and the uniform kernel-wide unknowns, so that a witness
  // shows them all (and the replay has every parameter). A per-thread one
  // is declared where the trace uses it: a witness shows only those its
  // accesses use, and declaring every one in every phase's trace made a
  // kernel of n phases and n loads cost n^2 (issue 18).
  void declare_launch() {
    for (const auto& v : builtin_vars()) for_both(v.name);
    for (const auto& v : w_.shared_vars) for_both(v);
  }

  template <class F> void for_each_launch_fact(const TraceOptions& o, F&& f) {
    for (const auto& c : builtin_constraints()) f(c);
    for (const auto& p : w_.kernel.preconditions) f(p);
    for (const auto& p : o.extra_assumptions) f(p);
  }
  void assume_launch(const TraceOptions& o) {
    for_each_launch_fact(o, [&](const Expr& e) { assume_both(e); });
  }

  // A variable of the view's prelude, already named.
  void declare(const TraceVar& v) {
    if (!declared_.insert(v.name).second) return;
    if (v.thread != 0) per_thread_.insert(v.name);
    t_.vars.push_back(v);
  }

  // Before the walk, with every binder in place: the memoized renaming
  // (each builtin's name is looked up once per trace, not once per use).
  void assume_both(const Expr& e) {
    Expr a = renamed(e, 1), b = renamed(e, 2);
    t_.assumptions.push_back(a);
    if (!equal(a, b)) t_.assumptions.push_back(b);
  }

  Expr distinct_threads() {
    const char* prefix = cross_ ? "blockIdx." : "threadIdx.";
    std::vector<Expr> differ;
    for (const char* d : {"x", "y", "z"}) {
      std::string n = std::string(prefix) + d;
      differ.push_back(binary(BinOp::Ne, var(global_name(n, 1)), var(global_name(n, 2))));
    }
    return disj(differ);
  }

  // A fresh per-thread copy of a variable bound inside the fragment.
  std::string bind_local(const std::string& n, int thread) {
    std::string base = n + "@" + std::to_string(thread);
    int k = ++occurrences_[base];
    std::string name = k == 1 ? base : base + "#" + std::to_string(k);
    add_var(name, n, thread);
    scopes_.back()[n] = name;
    rebind(n);
    return name;
  }

  // A declaration the same in both threads: both walks meet it in the same
  // order, so its k-th occurrence gets the same name.
  std::string bind_shared(const std::string& n) {
    int k = ++shared_count_[n];
    std::string name = k == 1 ? n : n + "#" + std::to_string(k);
    add_var(name, n, 0);
    scopes_.back()[n] = name;
    rebind(n);
    return name;
  }

  void walk(const Block& b, int thread, Expr guard) {
    scopes_.push_back({});
    auto step = Overloaded{
        [&](const Access& a) { walk_access(a, thread, guard); },
        // Barriers only appear in the cross-block trace of the whole kernel,
        // where they order nothing (a closure has none).
        [](const Sync&) {},
        [&](const If& i) {
          Expr c = renamed(i.cond, thread);
          walk(i.then_body, thread, conj(guard, c));
          walk(i.else_body, thread, conj(guard, neg(c)));
        },
        [&](const Loop& l) { walk_loop(l, thread, guard); },
        [&](const Decl& d) {
          if (is_shared(d.name)) bind_shared(d.name);
          else bind_local(d.name, thread);
        },
        [&](const Bind& bd) {
          scopes_.push_back({});
          std::string v = bind_local(bd.var, thread);
          // A binder names one value of a synchronized loop's variable (the
          // last or the previous iteration): uniform, so the same in both
          // threads at the same site.
          counters_.push_back(var(v));
          walk(bd.body, thread, conj(guard, renamed(bd.where, thread)));
          counters_.pop_back();
          pop_scope();
        }};
    for (const auto& s : b) std::visit(step, s.node);
    pop_scope();
  }

  // Whether a renamed expression is the same in both threads.
  bool same_in_both(const Expr& e) const {
    for (const auto& n : free_vars(e))
      if (per_thread_.count(n)) return false;
    return true;
  }

  // Source positions identify instructions; an unknown one may be any.
  int instruction_of(const SourceLoc& loc) {
    if (!loc.known()) return -1;
    return instructions_.emplace(loc.str(), static_cast<int>(instructions_.size())).first->second;
  }

  Expr linear_thread_id(int thread) {
    auto v = [&](const char* n) { return var(global_name(n, thread)); };
    return v("threadIdx.x") + v("threadIdx.y") * v("blockDim.x") +
           v("threadIdx.z") * v("blockDim.x") * v("blockDim.y");
  }

  // Whether the two threads' linear ids agree (Eq) or differ (Ne) on / n:
  // one warp, or one group of a tile.
  Expr same_group(int n, BinOp op) {
    return binary(op, binary(BinOp::Div, linear_thread_id(1), int_lit(n)),
                  binary(BinOp::Div, linear_thread_id(2), int_lit(n)));
  }

  LockStep lockstep(int warp_size) {
    LockStep l;
    l.warp_size = warp_size;
    l.same_warp = same_group(warp_size, BinOp::Eq);
    for (const auto& [site, first] : site_counters_[0]) {
      auto second = site_counters_[1].find(site);
      if (second == site_counters_[1].end() || second->second.size() != first.size()) continue;  // both walks agree
      std::vector<Expr> same;
      for (std::size_t i = 0; i < first.size(); ++i)
        same.push_back(binary(BinOp::Eq, first[i], second->second[i]));
      if (!same.empty()) l.same_iteration[site] = conj(same);
    }
    return l;
  }

  void walk_access(const Access& a, int thread, const Expr& guard) {
    // Both walks number every access alike, whatever they keep.
    int site = next_site_++;
    if (a.array != array_ || is_false(guard)) return;
    TraceAccess ta;
    ta.thread = thread;
    ta.guard = guard;
    for (const auto& i : a.index) ta.index.push_back(renamed(i, thread));
    ta.view = resolve_view(a.view, t_.element_bytes);
    ta.mode = a.mode;
    if (a.value && t_.values == WrittenValues::Kept) ta.value = renamed(a.value, thread);
    ta.loc = a.loc;
    ta.site = site;
    // Only lock-step traces read instructions and loop counters (a map
    // entry and a printed position per access otherwise: issue 18).
    if (lockstep_) {
      ta.instruction = instruction_of(a.loc);
      site_counters_[thread - 1][site] = counters_;
    }
    t_.accesses.push_back(std::move(ta));
  }

  void walk_loop(const Loop& l, int thread, const Expr& guard) {
    // Bounds are read before the loop variable is bound.
    Loop header = l;
    header.init = renamed(l.init, thread);
    header.bound = renamed(l.bound, thread);
    header.step = renamed(l.step, thread);
    scopes_.push_back({});
    std::string v = bind_local(l.var, thread);
    // Lock-step threads run an iteration together. The k-th iteration of
    // x += s (x -= s) has x - init == k*s (-k*s): with the same step in both
    // threads, the same iteration has the same x - init. Under another update
    // the same start and step give the same x. A loop that is neither gets
    // no counter: its iterations are not compared (fewer constraints, no
    // race hidden).
    bool additive = l.update == LoopUpdate::Add || l.update == LoopUpdate::Sub;
    std::optional<Expr> counter;
    if (additive && same_in_both(header.step)) counter = var(v) - header.init;
    else if (same_in_both(header.init) && same_in_both(header.step)) counter = var(v);
    bool counted = counter.has_value();
    if (counted) counters_.push_back(*counter);
    walk(l.body, thread, conj(guard, loop_domain(header, var(v))));
    if (counted) counters_.pop_back();
    pop_scope();
  }
};

}  // namespace

TraceMaker::TraceMaker(const WellFormed& w, const std::string& array, bool cross_block, TraceOptions o)
    : w_(w), array_(array), cross_(cross_block), options_(std::move(o)) {}

TraceMaker::~TraceMaker() = default;

SymbolicTrace TraceMaker::of(const Closure& c, WrittenValues values) {
  // A view of one closure renames its prelude once either way.
  if (!prelude_ && made_++ > 0)
    prelude_ = std::make_unique<TracePrelude>(Sequentializer(w_, array_, cross_).prelude(options_));
  // The first trace with its values renames its prelude itself, as it did
  // before traces without values were made first. With the copied prelude
  // instead, one query of GPUVerify's test_relational_inference took 1.2 s,
  // not 60 ms; what differs in that query was not found (docs/
  // benchmarks.md, tenth session).
  bool fresh = values == WrittenValues::Kept && !kept_made_;
  if (values == WrittenValues::Kept) kept_made_ = true;
  SymbolicTrace t =
      Sequentializer(w_, array_, cross_).build(c.binders, c.code, options_, values, fresh ? nullptr : prelude_.get());
  t.phase = cross_ ? "threads of different blocks in the " + c.describe() : c.describe();
  return t;
}

SymbolicTrace TraceMaker::of_whole_kernel(WrittenValues values) {
  SymbolicTrace t = Sequentializer(w_, array_, true).build({}, w_.kernel.body, options_, values);
  t.phase = "threads of different blocks (barriers do not order them)";
  return t;
}

SymbolicTrace sequentialize(const WellFormed& w, const Closure& c, const std::string& array,
                            const TraceOptions& o) {
  return TraceMaker(w, array, false, o).of(c);
}

SymbolicTrace cross_block_trace(const WellFormed& w, const std::string& array, const TraceOptions& o) {
  return TraceMaker(w, array, true, o).of_whole_kernel();
}

SymbolicTrace cross_block_trace(const WellFormed& w, const Closure& c, const std::string& array,
                                const TraceOptions& o) {
  return TraceMaker(w, array, true, o).of(c);
}

bool may_conflict(const SymbolicTrace& t) {
  bool mode1[4] = {false, false, false, false}, mode2[4] = {false, false, false, false};
  for (const auto& a : t.accesses) {
    if (is_false(a.guard)) continue;
    (a.thread == 1 ? mode1 : mode2)[static_cast<int>(a.mode)] = true;
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      if (mode1[i] && mode2[j] &&
          modes_conflict(static_cast<AccessMode>(i), static_cast<AccessMode>(j), t.cross_block))
        return true;
  return false;
}

std::string print(const SymbolicTrace& t) {
  std::string out = "trace of " + t.array + " (" + t.phase + "):\n";
  if (t.values == WrittenValues::LeftOut) out += "  (written values left out)\n";
  for (int th = 0; th <= 2; ++th) {
    out += th == 0 ? "  shared:" : "  thread " + std::to_string(th) + ":";
    for (const auto& v : t.vars)
      if (v.thread == th) out += " " + v.name;
    out += "\n";
  }
  for (const auto& a : t.assumptions) out += "  assume " + to_string(a) + ";\n";
  for (const auto& a : t.accesses) {
    out += "  t" + std::to_string(a.thread) + ": ";
    if (!is_true(a.guard)) out += "if (" + to_string(a.guard) + ") ";
    Access shown;
    shown.array = t.array;
    shown.index = a.index;
    // Element-typed accesses print as in the protocol, without a view.
    if (a.view != resolve_view({}, t.element_bytes)) shown.view = a.view;
    shown.mode = a.mode;
    shown.value = a.value;
    out += print_access(shown) + ";";
    if (a.loc.known()) out += "  // " + a.loc.str();
    if (t.lockstep) out += (a.loc.known() ? ", site " : "  // site ") + std::to_string(a.site);
    out += "\n";
  }
  if (t.lockstep) {
    out += "  lock-step warps of " + std::to_string(t.lockstep->warp_size) +
           " threads: same warp when " + to_string(t.lockstep->same_warp) + "\n";
    for (const auto& [site, same] : t.lockstep->same_iteration)
      out += "  same iteration at site " + std::to_string(site) + " when " + to_string(same) + "\n";
  }
  return out;
}

}  // namespace racecert::transform
