#include "explorer/graph.hpp"

#include <algorithm>
#include <cassert>

#include "explorer/barrier_instances.hpp"

namespace racecert::explorer {

GraphContext::GraphContext(const Program& p, int loop_bound)
    : program(&p),
      num_threads(static_cast<int>(p.threads.size())),
      num_locations(static_cast<int>(p.locations.size())) {
  for (int t = 0; t < num_threads; ++t) runners.emplace_back(p, t, loop_bound);
  distance.assign(static_cast<std::size_t>(num_threads), std::vector<std::uint8_t>(static_cast<std::size_t>(num_threads), 0));
  for (int a = 0; a < num_threads; ++a)
    for (int b = 0; b < num_threads; ++b)
      distance[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = static_cast<std::uint8_t>(
          scope_distance(p.threads[static_cast<std::size_t>(a)], p.threads[static_cast<std::size_t>(b)]));
}

Graph::Graph(const GraphContext& ctx) : ctx_(&ctx) {
  auto T = static_cast<std::size_t>(ctx.num_threads);
  auto L = static_cast<std::size_t>(ctx.num_locations);
  events_.resize(T);
  hb_.resize(T);
  porf_.resize(T);
  states_.resize(T);
  for (std::size_t t = 0; t < T; ++t) states_[t].push_back(ctx.runners[t].initial());
  co_.resize(L);
  reads_.resize(L);
}

int Graph::total_events() const {
  int n = 0;
  for (const auto& e : events_) n += static_cast<int>(e.size());
  return n;
}

int Graph::co_pos(EventId w) const {
  if (w.is_init()) return -1;
  const auto& list = co_[static_cast<std::size_t>(event(w).location)];
  for (std::size_t i = 0; i < list.size(); ++i)
    if (list[i] == w) return static_cast<int>(i);
  return -2;  // not placed yet
}

Value Graph::value_of(EventId w) const {
  return w.is_init() ? ctx_->program->init[static_cast<std::size_t>(w.index)] : event(w).value;
}

Value Graph::final_value(int loc) const {
  const auto& list = co_[static_cast<std::size_t>(loc)];
  return list.empty() ? ctx_->program->init[static_cast<std::size_t>(loc)] : event(list.back()).value;
}

EventId Graph::push(int t, const Step& step, EventId rf, std::uint64_t stamp, std::optional<EventId> group) {
  auto ts = static_cast<std::size_t>(t);
  Event e;
  e.kind = step.kind;
  e.order = step.order;
  e.scope = step.scope;
  e.rmw = step.rmw;
  e.location = step.location;
  e.vlocation = step.vlocation;
  e.proxy = step.proxy;
  e.fence = step.fence;
  e.pc = step.pc;
  e.value = step.kind == StepKind::Read ? value_of(rf) : step.value;
  e.rf = rf;
  e.stamp = stamp;
  e.barrier_id = step.barrier_id;
  e.barrier_instance = step.barrier_instance;
  e.barrier_count = step.barrier_count;
  EventId id{t, static_cast<std::int32_t>(events_[ts].size())};
  if (step.kind == StepKind::BarrierArrive && step.barrier_count == 0) {
    e.barrier_group = EventId{kCountlessGroup, step.barrier_instance};  // the k-th use joins instance k
  } else if (step.kind == StepKind::BarrierArrive) {
    if (!group) {
      std::vector<EventId> open = open_barrier_instances(t, step);
      group = open.empty() ? EventId{} : open.front();
    }
    e.barrier_group = group->thread < 0 ? id : *group;
  } else if (step.kind == StepKind::BarrierDepart) {
    e.barrier_group = events_[ts].back().barrier_group;  // its arrival is the thread's last event
  }
  events_[ts].push_back(e);
  auto T = static_cast<std::size_t>(ctx_->num_threads);
  hb_[ts].resize(hb_[ts].size() + T);
  porf_[ts].resize(porf_[ts].size() + T);
  compute_views(id);
  ThreadState next = states_[ts].back();
  ctx_->runners[ts].advance(next, e.value);
  states_[ts].push_back(std::move(next));
  if (e.is_read()) reads_[static_cast<std::size_t>(e.location)].push_back(id);
  if (e.order == Order::SC) ++sc_events_;
  return id;
}

void Graph::pop(int t) {
  auto ts = static_cast<std::size_t>(t);
  assert(!events_[ts].empty());
  EventId id{t, static_cast<std::int32_t>(events_[ts].size() - 1)};
  const Event& e = events_[ts].back();
  auto remove_from = [&](std::vector<EventId>& list) {
    for (auto it = list.rbegin(); it != list.rend(); ++it)
      if (*it == id) {
        list.erase(std::next(it).base());
        return;
      }
  };
  if (e.is_read()) remove_from(reads_[static_cast<std::size_t>(e.location)]);
  if (e.is_write()) remove_from(co_[static_cast<std::size_t>(e.location)]);
  if (e.order == Order::SC) --sc_events_;
  events_[ts].pop_back();
  auto T = static_cast<std::size_t>(ctx_->num_threads);
  hb_[ts].resize(hb_[ts].size() - T);
  porf_[ts].resize(porf_[ts].size() - T);
  states_[ts].pop_back();
}

void Graph::co_insert(int loc, int pos, EventId w) {
  auto& list = co_[static_cast<std::size_t>(loc)];
  list.insert(list.begin() + pos, w);
}

void Graph::co_erase(int loc, int pos) {
  auto& list = co_[static_cast<std::size_t>(loc)];
  list.erase(list.begin() + pos);
}

Graph Graph::revisited(const std::vector<int>& keep, EventId r, EventId w) const {
  Graph g(*ctx_);
  auto T = static_cast<std::size_t>(ctx_->num_threads);
  for (std::size_t t = 0; t < T; ++t) {
    auto k = static_cast<std::size_t>(keep[t]);
    g.events_[t].assign(events_[t].begin(), events_[t].begin() + static_cast<std::ptrdiff_t>(k));
    g.hb_[t].assign(hb_[t].begin(), hb_[t].begin() + static_cast<std::ptrdiff_t>(k * T));
    g.porf_[t].assign(porf_[t].begin(), porf_[t].begin() + static_cast<std::ptrdiff_t>(k * T));
    g.states_[t].assign(states_[t].begin(), states_[t].begin() + static_cast<std::ptrdiff_t>(k + 1));
    for (const Event& e : g.events_[t]) g.sc_events_ += e.order == Order::SC ? 1 : 0;
  }
  auto kept = [&](EventId e) { return e.index < keep[static_cast<std::size_t>(e.thread)]; };
  for (std::size_t l = 0; l < co_.size(); ++l) {
    g.co_[l].clear();
    for (EventId e : co_[l])
      if (kept(e)) g.co_[l].push_back(e);
    g.reads_[l].clear();
    for (EventId e : reads_[l])
      if (kept(e)) g.reads_[l].push_back(e);
  }
  assert(kept(r) && kept(w) && r.index == keep[static_cast<std::size_t>(r.thread)] - 1);
  Event& re = g.mut(r);
  re.rf = w;
  re.value = g.value_of(w);
  g.compute_views(r);
  auto rt = static_cast<std::size_t>(r.thread);
  ThreadState next = g.states_[rt][static_cast<std::size_t>(r.index)];
  ctx_->runners[rt].advance(next, re.value);
  g.states_[rt].back() = std::move(next);
  return g;
}

namespace {
bool same_cta(const Program& p, int t, int u) {
  const auto& a = p.threads[static_cast<std::size_t>(t)];
  const auto& b = p.threads[static_cast<std::size_t>(u)];
  return a.cta == b.cta && a.gpu == b.gpu;
}
}  // namespace

std::vector<EventId> Graph::barrier_arrivals(EventId member) const {
  std::vector<EventId> out;
  const int id = event(member).barrier_id;
  const EventId group = event(member).barrier_group;
  for (int u = 0; u < ctx_->num_threads; ++u) {
    if (!same_cta(*ctx_->program, member.thread, u)) continue;
    const auto& evs = events_[static_cast<std::size_t>(u)];
    for (std::size_t i = 0; i < evs.size(); ++i)
      if (evs[i].kind == StepKind::BarrierArrive && evs[i].barrier_id == id && evs[i].barrier_group == group)
        out.push_back(EventId{u, static_cast<std::int32_t>(i)});
  }
  return out;
}

int Graph::barrier_capacity_of(EventId arrival) const {
  const auto& th = ctx_->program->threads[static_cast<std::size_t>(arrival.thread)];
  return barrier_capacity(event(arrival).barrier_count, ctx_->program->cta_size(th.cta, th.gpu));
}

std::vector<EventId> Graph::open_barrier_instances(int t, const Step& step) const {
  assert(step.barrier_count > 0);  // countless instances are fixed by the use number
  const auto& th = ctx_->program->threads[static_cast<std::size_t>(t)];
  const int capacity = barrier_capacity(step.barrier_count, ctx_->program->cta_size(th.cta, th.gpu));
  std::vector<EventId> out;
  for (int u = 0; u < ctx_->num_threads; ++u) {
    if (!same_cta(*ctx_->program, t, u)) continue;
    const auto& evs = events_[static_cast<std::size_t>(u)];
    for (std::size_t i = 0; i < evs.size(); ++i) {
      EventId a{u, static_cast<std::int32_t>(i)};
      // Instances are named by the arrival that opened them; arrivals with
      // another count never share an instance (PTX leaves that undefined).
      if (evs[i].kind != StepKind::BarrierArrive || evs[i].barrier_id != step.barrier_id || evs[i].barrier_group != a ||
          barrier_capacity_of(a) != capacity)
        continue;
      if (static_cast<int>(barrier_arrivals(a).size()) < capacity) out.push_back(a);
    }
  }
  return out;
}

namespace {
// The arrivals at barrier `id` of thread t's CTA, for barrier_instances.hpp.
struct Collected {
  std::vector<EventId> arrivals;
  BarrierArrivals info;
};
}  // namespace

static Collected collect_arrivals(const Graph& g, int t, int id) {
  Collected c;
  std::vector<EventId> groups;
  const Program& p = *g.context().program;
  for (int u = 0; u < g.num_threads(); ++u) {
    if (!same_cta(p, t, u)) continue;
    for (int i = 0; i < g.size(u); ++i) {
      EventId a{u, i};
      const Event& e = g.event(a);
      // Countless instances follow use numbers, not the arrival order.
      if (e.kind != StepKind::BarrierArrive || e.barrier_id != id || e.barrier_count == 0) continue;
      auto it = std::find(groups.begin(), groups.end(), e.barrier_group);
      if (it == groups.end()) {
        groups.push_back(e.barrier_group);
        c.info.capacity.push_back(g.barrier_capacity_of(a));
        it = groups.end() - 1;
      }
      c.arrivals.push_back(a);
      c.info.instance.push_back(static_cast<int>(it - groups.begin()));
    }
  }
  const auto& arrivals = c.arrivals;
  c.info.before = [&g, arrivals](int i, int j) {
    return Graph::in_view(arrivals[static_cast<std::size_t>(i)], g.porf(arrivals[static_cast<std::size_t>(j)]));
  };
  return c;
}

bool Graph::barrier_instances_ordered(EventId a) const {
  return explorer::barrier_instances_ordered(collect_arrivals(*this, a.thread, event(a).barrier_id).info);
}

bool Graph::barrier_instances_final() const {
  // One check per barrier (CTA and id), named by its first arrival found.
  std::vector<std::pair<int, int>> done;  // (thread of the CTA, id)
  for (int t = 0; t < num_threads(); ++t)
    for (int i = 0; i < size(t); ++i) {
      const Event& e = event(EventId{t, i});
      if (e.kind != StepKind::BarrierArrive || e.barrier_count == 0) continue;
      bool seen = false;
      for (auto [u, id] : done) seen = seen || (id == e.barrier_id && same_cta(*ctx_->program, t, u));
      if (seen) continue;
      done.emplace_back(t, e.barrier_id);
      if (!explorer::barrier_instances_final(collect_arrivals(*this, t, e.barrier_id).info)) return false;
    }
  return true;
}

bool Graph::waiting_at_barrier(int t) const {
  const ThreadState& s = state(t);
  if (s.status != ThreadStatus::Running) return false;
  const Instr& in = ctx_->runners[static_cast<std::size_t>(t)].instr(s);
  if (in.kind != InstrKind::Barrier || s.phase != 1) return false;
  EventId arrival{t, size(t) - 1};
  const Event& a = event(arrival);
  if (a.barrier_count == 0) return !countless_complete(arrival);
  return static_cast<int>(barrier_arrivals(arrival).size()) < barrier_capacity_of(a.barrier_group);
}

bool Graph::countless_complete(EventId arrival) const {
  const Event& a = event(arrival);
  if (has_departure(arrival)) return true;  // instances complete once
  std::vector<int> cta;
  for (int u = 0; u < num_threads(); ++u)
    if (same_cta(*ctx_->program, arrival.thread, u)) cta.push_back(u);
  return countless_instance_complete(ctx_->runners, cta, [this](int u) -> const ThreadState& { return state(u); },
                                     a.barrier_id, a.barrier_group.index);
}

bool Graph::has_departure(EventId arrival) const {
  const Event& a = event(arrival);
  for (int u = 0; u < num_threads(); ++u) {
    if (!same_cta(*ctx_->program, arrival.thread, u)) continue;
    for (const Event& e : events_[static_cast<std::size_t>(u)])
      if (e.kind == StepKind::BarrierDepart && e.barrier_id == a.barrier_id && e.barrier_group == a.barrier_group)
        return true;
  }
  return false;
}

std::string Graph::key() const {
  std::string k;
  auto num = [&](long long v) { k.append(std::to_string(v)); };
  for (std::size_t t = 0; t < events_.size(); ++t) {
    k.push_back('T');
    num(static_cast<long long>(t));
    k.push_back(':');
    for (const Event& e : events_[t]) {
      k.push_back("RWFAD"[static_cast<int>(e.kind)]);
      if (e.kind == StepKind::BarrierArrive) {
        // The instance, by its first arrival in thread order (the reference's key too).
        EventId first = barrier_arrivals(EventId{static_cast<std::int32_t>(t), static_cast<std::int32_t>(&e - events_[t].data())}).front();
        k.push_back('@');
        num(first.thread);
        k.push_back('.');
        num(first.index);
      }
      if (e.is_access()) {
        num(e.location);
        k.push_back('=');
        num(e.value);
      }
      if (e.is_read()) {
        k.push_back('<');
        num(e.rf.thread);
        k.push_back('.');
        num(e.rf.index);
      }
      k.push_back(' ');
    }
    k.push_back('s');
    num(static_cast<int>(state(static_cast<int>(t)).status));
    k.push_back(';');
  }
  for (std::size_t l = 0; l < co_.size(); ++l) {
    k.append("co");
    num(static_cast<long long>(l));
    k.push_back(':');
    for (EventId e : co_[l]) {
      num(e.thread);
      k.push_back('.');
      num(e.index);
      k.push_back(' ');
    }
  }
  return k;
}

}  // namespace racecert::explorer
