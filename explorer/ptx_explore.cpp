// Candidate enumeration for the PTX model (see ptx_explore.hpp).
#include "explorer/ptx_explore.hpp"

#include <algorithm>
#include <bitset>
#include <map>
#include <set>
#include <tuple>

#include "explorer/ptx_model.hpp"
#include "explorer/ptx_runs.hpp"
#include "explorer/thread_runner.hpp"

namespace racecert::explorer::ptx {

namespace {

constexpr std::size_t kMaxCoOutcomes = 1'000'000;  // distinct co' of one location in one candidate

class CandidateSearch {
 public:
  CandidateSearch(const Program& p, const PtxOptions& o, const std::vector<std::vector<Run>>& runs)
      : p_(p), o_(o), runs_(runs), chosen_(p.threads.size(), 0) {}

  PtxResult run() {
    choose_runs(0);
    res_.result.timed_out = overflow_ && !res_.result.stopped_early;
    return std::move(res_);
  }

 private:
  void choose_runs(std::size_t t) {
    if (overflow_) return;
    if (t == p_.threads.size()) {
      build_candidate();
      return;
    }
    for (std::size_t i = 0; i < runs_[t].size(); ++i) {
      chosen_[t] = i;
      choose_runs(t + 1);
    }
  }

  const Run& run_of(std::size_t t) const { return runs_[t][chosen_[t]]; }

  void build_candidate() {
    c_ = Candidate{};
    const int L = static_cast<int>(p_.locations.size());
    for (int l = 0; l < L; ++l) {
      Event e;
      e.kind = StepKind::Write;
      e.location = l;
      e.vlocation = l;
      e.value = p_.init[static_cast<std::size_t>(l)];
      c_.events.push_back(e);
    }
    base_.clear();
    for (std::size_t t = 0; t < p_.threads.size(); ++t) {
      const Run& r = run_of(t);
      const int base = static_cast<int>(c_.events.size());
      base_.push_back(base);
      for (std::size_t i = 0; i < r.events.size(); ++i) {
        const RunEvent& re = r.events[i];
        Event e;
        e.kind = re.step.kind;
        e.order = re.step.order;
        e.scope = re.step.scope;
        e.thread = static_cast<int>(t);
        e.location = re.step.location;
        e.vlocation = re.step.vlocation;
        e.proxy = re.step.proxy;
        e.fence = re.step.fence;
        e.value = re.value;
        e.rmw = re.step.rmw;
        e.pc = re.step.pc;
        e.barrier_id = re.step.barrier_id;
        e.barrier_instance = re.step.barrier_instance;
        e.barrier_count = re.step.barrier_count;
        const int id = base + static_cast<int>(i);
        if (e.kind == StepKind::Write && e.rmw && i > 0 && r.events[i - 1].step.kind == StepKind::Read &&
            r.events[i - 1].step.rmw)
          c_.rmw.emplace_back(id - 1, id);
        for (std::size_t j = 0; j < i; ++j)
          if (re.deps.test(j)) c_.dep.emplace_back(base + static_cast<int>(j), id);
        c_.events.push_back(e);
      }
    }
    barrier_groups();
    choose_barriers(0);
  }

  // Barrier instances: the arrivals and departures of the k-th use of a
  // barrier id by the threads of a CTA.
  struct BarrierGroup {
    std::vector<int> arrivals, departures;
    int count = 0;  // arrivals that complete it
  };

  // Threads of the CTA of thread t that arrive at instance `instance` (the
  // use number) of barrier id `id` in the candidate: the participants of a
  // barrier without a count (barrier_instances.hpp, Dat3M's reading).
  int barrier_users(int t, int id, int instance) const {
    const Thread& th = p_.threads[static_cast<std::size_t>(t)];
    std::set<int> users;
    for (const Event& e : c_.events) {
      if (e.kind != StepKind::BarrierArrive || e.barrier_id != id || e.barrier_instance != instance) continue;
      const Thread& u = p_.threads[static_cast<std::size_t>(e.thread)];
      if (u.cta == th.cta && u.gpu == th.gpu) users.insert(e.thread);
    }
    return static_cast<int>(users.size());
  }

  void barrier_groups() {
    groups_.clear();
    std::map<std::tuple<int, int, int, int>, BarrierGroup> by_key;
    for (int a = 0; a < static_cast<int>(c_.events.size()); ++a) {
      const Event& e = c_.events[static_cast<std::size_t>(a)];
      if (e.kind != StepKind::BarrierArrive && e.kind != StepKind::BarrierDepart) continue;
      const Thread& th = p_.threads[static_cast<std::size_t>(e.thread)];
      BarrierGroup& g = by_key[{th.cta, th.gpu, e.barrier_id, e.barrier_instance}];
      (e.kind == StepKind::BarrierArrive ? g.arrivals : g.departures).push_back(a);
      g.count = e.barrier_count > 0 ? e.barrier_count : barrier_users(e.thread, e.barrier_id, e.barrier_instance);
    }
    for (auto& [key, g] : by_key) groups_.push_back(std::move(g));
  }

  // Dat3M's reading of barriers (docs/explorer.md, "PTX model"): an instance
  // completes once `count` threads arrived, its departures follow the
  // arrivals before them (at least `count`: every arrival when there are no
  // more); without a count, every thread of the CTA that arrives at the
  // instance (the k-th use of the id) in the candidate takes part. When more threads arrive than the count, every arrival order is
  // a choice. Departures without enough arrivals, or a cycle of waiting
  // (po ∪ sync_barrier ∪ arrival order cyclic), are no execution.
  void choose_barriers(std::size_t k) {
    if (overflow_) return;
    if (k == groups_.size()) {
      if (!barrier_schedule_exists()) return;
      choose_reads();
      return;
    }
    const BarrierGroup& g = groups_[k];
    const std::size_t before = c_.sync_barrier.size();
    const std::size_t order_before = arrival_order_.size();
    if (g.departures.empty()) {
      choose_barriers(k + 1);
      return;
    }
    if (static_cast<int>(g.arrivals.size()) < g.count) return;  // never completes
    std::vector<int> order = g.arrivals;
    do {
      c_.sync_barrier.resize(before);
      arrival_order_.resize(order_before);
      for (std::size_t i = 0; i + 1 < order.size(); ++i) arrival_order_.emplace_back(order[i], order[i + 1]);
      for (int d : g.departures) {
        const int t = c_.events[static_cast<std::size_t>(d)].thread;
        std::size_t own = 0;
        for (std::size_t i = 0; i < order.size(); ++i)
          if (c_.events[static_cast<std::size_t>(order[i])].thread == t) own = i;
        const std::size_t synced = std::max(own + 1, static_cast<std::size_t>(g.count));
        for (std::size_t i = 0; i < synced; ++i) c_.sync_barrier.emplace_back(order[i], d);
      }
      choose_barriers(k + 1);
      if (static_cast<int>(order.size()) <= g.count) break;  // every order gives the same edges
    } while (std::next_permutation(order.begin(), order.end()));
    c_.sync_barrier.resize(before);
    arrival_order_.resize(order_before);
  }

  bool barrier_schedule_exists() const {
    if (c_.sync_barrier.empty()) return true;
    const int n = static_cast<int>(c_.events.size());
    BitMatrix g(n);
    for (int a = 0; a + 1 < n; ++a)
      if (c_.events[static_cast<std::size_t>(a)].thread >= 0 &&
          c_.events[static_cast<std::size_t>(a)].thread == c_.events[static_cast<std::size_t>(a) + 1].thread)
        g.set(a, a + 1);
    for (auto [a, d] : c_.sync_barrier) g.set(a, d);
    for (auto [a, b] : arrival_order_) g.set(a, b);
    return g.acyclic();
  }

  void choose_reads() {
    const int n = static_cast<int>(c_.events.size());
    c_.rf.assign(static_cast<std::size_t>(n), -1);
    reads_.clear();
    sources_.clear();
    for (int r = 0; r < n; ++r) {
      if (c_.events[static_cast<std::size_t>(r)].kind != StepKind::Read) continue;
      std::vector<int> src = rf_sources(r);
      if (src.empty()) return;
      reads_.push_back(r);
      sources_.push_back(std::move(src));
    }
    res_.result.max_events = std::max(res_.result.max_events, n - static_cast<int>(p_.locations.size()));
    choose_rf(0);
  }

  // The writes read r may read from: same physical location and value. Of
  // the writes of its own thread through the same virtual address and proxy
  // (po orders them by cause), r can read only the latest po-earlier one,
  // and not the initial write after it: any other violates Causality (a
  // po-later such write is cause-after r; a co-later one is cause-before r).
  std::vector<int> rf_sources(int r) const {
    const Event& re = c_.events[static_cast<std::size_t>(r)];
    auto same_path = [&](const Event& we) {
      return we.thread == re.thread && we.vlocation == re.vlocation && we.proxy == re.proxy;
    };
    int own = -1;
    for (int w = 0; w < r; ++w) {
      const Event& we = c_.events[static_cast<std::size_t>(w)];
      if (same_path(we) && we.kind == StepKind::Write && we.location == re.location) own = w;
    }
    std::vector<int> out;
    for (int w = 0; w < static_cast<int>(c_.events.size()); ++w) {
      const Event& we = c_.events[static_cast<std::size_t>(w)];
      if (we.kind != StepKind::Write || we.location != re.location || we.value != re.value) continue;
      if (same_path(we) ? w != own : (we.thread < 0 && own >= 0)) continue;
      out.push_back(w);
    }
    return out;
  }

  void choose_rf(std::size_t k) {
    if (overflow_) return;
    // The rf tree of many RMWs is large even where few leaves remain: check
    // the deadline inside it too (every 4096 nodes, a clock read is dear).
    if ((++rf_nodes_ & 4095) == 0 && o_.deadline.expired()) {
      overflow_ = true;
      return;
    }
    if (k == reads_.size()) {
      if (++candidates_ > o_.max_candidates || o_.deadline.expired()) {
        overflow_ = true;
        return;
      }
      check_candidate();
      return;
    }
    const int r = reads_[k];
    for (int w : sources_[k]) {
      if (rmw_conflict(r, w)) continue;
      c_.rf[static_cast<std::size_t>(r)] = w;
      choose_rf(k + 1);
    }
    c_.rf[static_cast<std::size_t>(r)] = -1;
  }

  // Two RMWs reading the same write, all three morally strong pairwise and
  // the writes too, violate Atomicity whatever co is: co' orders the two
  // writes, and the first lies between the source and the second.
  bool rmw_conflict(int r, int w) const {
    const int mine = rmw_write(r);
    if (mine < 0) return false;
    const Event& src = c_.events[static_cast<std::size_t>(w)];
    for (auto [r2, w2] : c_.rmw) {
      if (r2 == r || c_.rf[static_cast<std::size_t>(r2)] != w) continue;
      const Event& a = c_.events[static_cast<std::size_t>(r)];
      const Event& b = c_.events[static_cast<std::size_t>(r2)];
      const Event& wa = c_.events[static_cast<std::size_t>(mine)];
      const Event& wb = c_.events[static_cast<std::size_t>(w2)];
      bool source_ok = src.thread < 0 || (morally_strong(p_, src, wa) && morally_strong(p_, src, wb));
      if (source_ok && morally_strong(p_, a, wb) && morally_strong(p_, b, wa) && morally_strong(p_, wa, wb))
        return true;
    }
    return false;
  }

  int rmw_write(int r) const {
    for (auto [x, w] : c_.rmw)
      if (x == r) return w;
    return -1;
  }

  void check_candidate() {
    Checker k(p_, c_);
    if (!k.no_thin_air()) return;
    std::vector<int> order = k.sc_fences();  // in event order: po among a thread's fences holds
    std::set<std::vector<std::pair<int, int>>> seen;  // fence orders that differ on morally-strong pairs
    do {
      if (overflow_) return;
      if (!respects_po(order)) continue;
      std::vector<std::pair<int, int>> key;
      for (std::size_t i = 0; i < order.size(); ++i)
        for (std::size_t j = i + 1; j < order.size(); ++j)
          if (k.morally_strong().get(order[i], order[j])) key.emplace_back(order[i], order[j]);
      if (!seen.insert(key).second) continue;
      if (!k.use_fence_order(order) || !k.rf_causality()) continue;
      check_co(k, order);
    } while (std::next_permutation(order.begin(), order.end()));
  }

  bool respects_po(const std::vector<int>& order) const {
    for (std::size_t i = 0; i < order.size(); ++i)
      for (std::size_t j = i + 1; j < order.size(); ++j)
        if (c_.events[static_cast<std::size_t>(order[i])].thread == c_.events[static_cast<std::size_t>(order[j])].thread &&
            order[i] > order[j])
          return false;
    return true;
  }

  // Per location, the valid partial co orders with the final value each
  // total order gives; locations are independent (every co axiom relates
  // events of one location).
  struct Outcome {
    Value value;
    std::vector<int> total;
    BitMatrix co;
  };

  void check_co(const Checker& k, const std::vector<int>& fence_order) {
    const int L = static_cast<int>(p_.locations.size());
    std::vector<std::vector<Outcome>> outcomes(static_cast<std::size_t>(L));
    for (int l = 0; l < L; ++l) {
      CoSearch search{k, l, {}, {}, {}, {}, {}};
      for (int a = L; a < static_cast<int>(c_.events.size()); ++a)
        if (c_.events[static_cast<std::size_t>(a)].kind == StepKind::Write && c_.events[static_cast<std::size_t>(a)].location == l)
          search.writes.push_back(a);
      search.used.assign(search.writes.size(), false);
      co_orders(search, outcomes[static_cast<std::size_t>(l)]);
      if (outcomes[static_cast<std::size_t>(l)].empty()) return;
    }
    std::vector<std::size_t> pick(static_cast<std::size_t>(L), 0);
    record(outcomes, pick, 0, fence_order);
  }

  struct CoSearch {
    const Checker& k;
    int location;
    std::vector<int> writes;
    std::vector<bool> used;
    std::vector<int> prefix;
    std::set<std::pair<std::vector<int>, Value>> seen;  // (co', final value) found
    std::vector<int> bits;
  };

  // The read part of the RMW whose write is w, else -1.
  int rmw_read(int w) const {
    for (auto [r, x] : c_.rmw)
      if (x == w) return r;
    return -1;
  }

  // Total orders T of a location's writes (the initial write first), up to
  // swaps of adjacent writes that neither morally-strong nor cause relate
  // (they change neither co' nor, away from the last place, the final
  // value), pruned where a placed write already violates Coherence (a write
  // cause-before it is not placed) or Atomicity (between an RMW's source and
  // its write lies a write morally strong with both and its read).
  void co_orders(CoSearch& s, std::vector<Outcome>& out) {
    // Many writes to one location have factorially many orders: the
    // deadline and a cap on the distinct outcomes end the search (unknown).
    if (overflow_) return;
    if (out.size() > kMaxCoOutcomes || o_.deadline.expired()) {
      overflow_ = true;
      return;
    }
    const std::size_t n = s.writes.size();
    const BitMatrix& ms = s.k.morally_strong();
    const BitMatrix& cause = s.k.cause();
    if (s.prefix.size() == n) {
      BitMatrix co = s.k.partial_co(s.location, s.prefix);
      if (s.k.check_co(co, s.location) != Axiom::None) return;
      Value final = n == 0 ? p_.init[static_cast<std::size_t>(s.location)] : c_.events[static_cast<std::size_t>(s.prefix.back())].value;
      s.bits.clear();
      for (int a : s.prefix)
        for (int b : s.prefix)
          if (co.get(a, b)) s.bits.push_back(a * 65536 + b);
      if (s.seen.insert({s.bits, final}).second) out.push_back(Outcome{final, s.prefix, co});
      return;
    }
    const std::size_t pos = s.prefix.size();
    for (std::size_t i = 0; i < n; ++i) {
      if (s.used[i]) continue;
      const int w = s.writes[i];
      bool ok = true;
      for (std::size_t j = 0; j < n && ok; ++j)
        if (!s.used[j] && j != i && cause.get(s.writes[j], w)) ok = false;
      if (!ok) continue;
      if (pos >= 1 && pos + 2 <= n) {
        const int prev = s.prefix.back();
        bool related = ms.get(prev, w) || ms.get(w, prev) || cause.get(prev, w) || cause.get(w, prev);
        if (!related && prev > w) continue;
      }
      const int r = rmw_read(w);
      if (r >= 0) {
        const int w0 = c_.rf[static_cast<std::size_t>(r)];
        const bool from_init = c_.events[static_cast<std::size_t>(w0)].thread < 0;
        bool after_source = from_init;
        for (int x : s.prefix) {
          if (x == w0) {
            after_source = true;
            continue;
          }
          if (after_source && ms.get(r, x) && ms.get(x, w) && (from_init || ms.get(w0, x))) ok = false;
        }
        if (!ok) continue;
      }
      s.used[i] = true;
      s.prefix.push_back(w);
      co_orders(s, out);
      s.prefix.pop_back();
      s.used[i] = false;
    }
  }

  void record(const std::vector<std::vector<Outcome>>& outcomes, std::vector<std::size_t>& pick, std::size_t l,
              const std::vector<int>& fence_order) {
    if (overflow_) return;
    if (o_.deadline.expired()) {
      overflow_ = true;
      return;
    }
    if (l < outcomes.size()) {
      for (std::size_t i = 0; i < outcomes[l].size(); ++i) {
        pick[l] = i;
        record(outcomes, pick, l + 1, fence_order);
      }
      return;
    }
    ExploreResult& r = res_.result;
    if (o_.on_partial && report_partial(outcomes, pick)) return;
    for (std::size_t t = 0; t < p_.threads.size(); ++t) {
      const Run& run = run_of(t);
      if (run.status != ThreadStatus::Failed) continue;
      ++r.failed;
      Failure f;
      f.kind = run.failure;
      f.thread = static_cast<int>(t);
      f.pc = run.fail_pc;
      bool known = std::any_of(r.failures.begin(), r.failures.end(), [&](const Failure& g) {
        return g.kind == f.kind && g.thread == f.thread && g.pc == f.pc;
      });
      if (!known) r.failures.push_back(f);
      return;
    }
    ++r.executions;
    FinalState fs;
    for (std::size_t t = 0; t < p_.threads.size(); ++t) fs.registers.push_back(run_of(t).regs);
    for (std::size_t i = 0; i < outcomes.size(); ++i) fs.memory.push_back(outcomes[i][pick[i]].value);
    if (o_.on_execution) o_.on_execution(fs);
    const Quantifier q = p_.condition.quantifier;
    if (q == Quantifier::None) return;
    bool sat = evaluate(p_.condition.expr, fs.registers, fs.memory);
    if (sat) ++r.satisfying;
    bool witness = q == Quantifier::Forall ? !sat : sat;
    if (witness && !r.witness) {
      r.witness = fs;
      res_.witness_execution = describe(outcomes, pick, fence_order);
    }
    if (witness && o_.stop_when_decided) {
      r.stopped_early = true;
      overflow_ = true;  // ends every loop; run() tells the two apart
    }
  }

  // A candidate with a thread that neither finished nor failed goes to
  // on_partial (true); a complete one is an execution as without liveness.
  bool report_partial(const std::vector<std::vector<Outcome>>& outcomes, const std::vector<std::size_t>& pick) {
    PartialExecution px;
    bool partial = false;
    for (std::size_t t = 0; t < p_.threads.size(); ++t) {
      const Run& run = run_of(t);
      PartialThread pt;
      pt.end = run.end;
      pt.pc = run.end_pc;
      partial |= run.end != RunEnd::Finished && run.end != RunEnd::Failed;
      if (run.end == RunEnd::Spinning) {
        pt.reads_maximal = spin_reads_maximal(t, outcomes, pick);
        for (std::size_t i = static_cast<std::size_t>(run.spin_start); i < run.events.size() && pt.spin_write_pc < 0; ++i)
          if (run.events[i].step.kind == StepKind::Write) pt.spin_write_pc = run.events[i].step.pc;
      }
      if (run.end == RunEnd::AtBarrier) barrier_wait(t, pt);
      px.threads.push_back(pt);
    }
    if (!partial) return false;
    for (int a = static_cast<int>(p_.locations.size()); a < static_cast<int>(c_.events.size()); ++a) {
      const Event& e = c_.events[static_cast<std::size_t>(a)];
      ScheduledEvent se;
      se.thread = e.thread;
      se.pc = e.pc;
      se.kind = e.kind;
      se.location = e.location;
      se.value = e.value;
      se.rmw = e.rmw;
      if (e.kind == StepKind::Read) se.read_from = c_.events[static_cast<std::size_t>(c_.rf[static_cast<std::size_t>(a)])].thread;
      px.events.push_back(se);
    }
    if (!o_.on_partial(px)) {
      res_.result.stopped_early = true;
      overflow_ = true;  // ends every loop; run() tells the two apart
    }
    return true;
  }

  // Whether repeating thread t's failed iteration forever is consistent:
  // per location, the iteration's reads read one write that no write
  // follows in co'. Where the iteration writes the location (silent RMWs:
  // a failed iteration has no other writes), the next copy reads its
  // po-last write instead: that write must be co'-maximal and every read of
  // the location must have read its value.
  bool spin_reads_maximal(std::size_t t, const std::vector<std::vector<Outcome>>& outcomes,
                          const std::vector<std::size_t>& pick) const {
    const Run& run = run_of(t);
    auto maximal = [&](int w) {
      const int l = c_.events[static_cast<std::size_t>(w)].location;
      const Outcome& o = outcomes[static_cast<std::size_t>(l)][pick[static_cast<std::size_t>(l)]];
      return std::none_of(o.total.begin(), o.total.end(), [&](int x) { return o.co.get(w, x); });
    };
    std::map<int, int> last_write;  // location -> the iteration's po-last write to it
    for (std::size_t i = static_cast<std::size_t>(run.spin_start); i < run.events.size(); ++i) {
      const int a = base_[t] + static_cast<int>(i);
      if (c_.events[static_cast<std::size_t>(a)].kind == StepKind::Write)
        last_write[c_.events[static_cast<std::size_t>(a)].location] = a;
    }
    for (const auto& [l, w] : last_write)
      if (!maximal(w)) return false;
    std::map<int, int> source;  // location not written by the iteration -> the write its reads read
    for (std::size_t i = static_cast<std::size_t>(run.spin_start); i < run.events.size(); ++i) {
      const int r = base_[t] + static_cast<int>(i);
      const Event& e = c_.events[static_cast<std::size_t>(r)];
      if (e.kind != StepKind::Read) continue;
      if (auto it = last_write.find(e.location); it != last_write.end()) {
        if (c_.events[static_cast<std::size_t>(it->second)].value != e.value) return false;
        continue;
      }
      const int w = c_.rf[static_cast<std::size_t>(r)];
      auto [it, fresh] = source.emplace(e.location, w);
      if (!fresh && it->second != w) return false;
      if (!maximal(w)) return false;
    }
    return true;
  }

  // Thread t's last event arrived at a barrier: does its instance never
  // complete (Dat3M's reading, as choose_barriers)?
  void barrier_wait(std::size_t t, PartialThread& pt) const {
    const Event& mine = c_.events[static_cast<std::size_t>(base_[t] + static_cast<int>(run_of(t).events.size()) - 1)];
    const Thread& th = p_.threads[t];
    int arrivals = 0, departures = 0;
    for (const Event& e : c_.events) {
      if (e.thread < 0 || e.barrier_id != mine.barrier_id || e.barrier_instance != mine.barrier_instance) continue;
      const Thread& u = p_.threads[static_cast<std::size_t>(e.thread)];
      if (u.cta != th.cta || u.gpu != th.gpu) continue;
      if (e.kind == StepKind::BarrierArrive) ++arrivals;
      if (e.kind == StepKind::BarrierDepart) ++departures;
    }
    const int count = mine.barrier_count > 0 ? mine.barrier_count : barrier_users(static_cast<int>(t), mine.barrier_id, mine.barrier_instance);
    // Never completes: no departure and too few arrivals. Otherwise the
    // instance completes, and in choose_barriers' reading (Dat3M's) every
    // arrival may depart, an overfilled instance's late ones included: the
    // thread goes on in another candidate.
    pt.barrier_forever = departures == 0 && arrivals < count;
  }

  std::string name(int a) const {
    const Event& e = c_.events[static_cast<std::size_t>(a)];
    if (e.thread < 0) return "init " + p_.locations[static_cast<std::size_t>(e.location)];
    const Thread& t = p_.threads[static_cast<std::size_t>(e.thread)];
    std::string part = e.rmw ? (e.kind == StepKind::Read ? " (read)" : " (write)") : "";
    return t.name + " " + t.code[static_cast<std::size_t>(e.pc)].text + part;
  }

  std::string describe(const std::vector<std::vector<Outcome>>& outcomes, const std::vector<std::size_t>& pick,
                       const std::vector<int>& fence_order) const {
    std::string out;
    for (int a = 0; a < static_cast<int>(c_.events.size()); ++a) {
      const Event& e = c_.events[static_cast<std::size_t>(a)];
      if (e.thread < 0) continue;
      out += "    " + name(a);
      if (e.kind == StepKind::Read)
        out += ": reads " + std::to_string(e.value) + " from " + name(c_.rf[static_cast<std::size_t>(a)]);
      else if (e.kind == StepKind::Write)
        out += ": writes " + std::to_string(e.value);
      out += "\n";
    }
    for (std::size_t l = 0; l < outcomes.size(); ++l) {
      const Outcome& o = outcomes[l][pick[l]];
      std::string edges;
      for (int a : o.total)
        for (int b : o.total)
          if (o.co.get(a, b)) edges += (edges.empty() ? "" : ", ") + name(a) + " < " + name(b);
      if (o.total.size() > 1)
        out += "    co " + p_.locations[l] + ": " + (edges.empty() ? "no two writes ordered" : edges) + "\n";
    }
    if (fence_order.size() > 1) {
      out += "    fence.sc order:";
      for (int f : fence_order) out += " " + name(f) + ";";
      out += "\n";
    }
    return out;
  }

  const Program& p_;
  const PtxOptions& o_;
  const std::vector<std::vector<Run>>& runs_;
  std::vector<std::size_t> chosen_;
  Candidate c_;
  std::vector<int> base_;  // per thread: the index of its first event in c_
  std::vector<BarrierGroup> groups_;
  std::vector<std::pair<int, int>> arrival_order_;
  std::vector<int> reads_;
  std::vector<std::vector<int>> sources_;
  std::uint64_t candidates_ = 0, rf_nodes_ = 0;
  bool overflow_ = false;
  PtxResult res_;
};

}  // namespace

PtxResult explore(const Program& program, const PtxOptions& options) {
  std::vector<std::vector<Run>> runs;
  if (!enumerate_runs(program, options, runs)) {
    PtxResult r;
    r.result.timed_out = true;
    return r;
  }
  return CandidateSearch(program, options, runs).run();
}

}  // namespace racecert::explorer::ptx
