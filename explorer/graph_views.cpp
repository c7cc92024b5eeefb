// The two vector clocks of an event: hb (SRC11 happens-before) and porf (the
// causal prefix). Computed once, when the event is added (or when a revisit
// changes a read's source): nothing can later become hb-before an event that
// already exists, because events are only ever added at the end of a thread.
#include <algorithm>

#include "explorer/graph.hpp"

namespace racecert::explorer {

namespace {
void join(std::uint32_t* out, const std::uint32_t* in, int n) {
  for (int i = 0; i < n; ++i) out[i] = std::max(out[i], in[i]);
}
}  // namespace

// sw ≜ prel; rseq; (incl ∩ rf); pacq, and only incl pairs count for hb.
// Walks the release sequence that ends in w (read by `reader`) backwards:
// every element is an atomic write whose rf edge into the next RMW (or into
// the reader) is scope-inclusive. From each element, candidate release heads
// are the release writes to the same location po-before-or-equal it and the
// release fences po-before it. All candidates of one element live in one
// thread, at the same scope distance d from the acquirer, so the latest head
// whose scope reaches d covers every earlier one.
void Graph::join_release(std::uint32_t* out, EventId w, EventId reader, int acq_thread, Scope acq_scope) const {
  const int T = ctx_->num_threads;
  while (!w.is_init()) {
    const Event& we = event(w);
    const Event& re = event(reader);
    if (!is_atomic(we.order) || !is_atomic(re.order)) return;
    if (!ctx_->inclusive(w.thread, we.scope, reader.thread, re.scope)) return;
    int d = ctx_->distance[static_cast<std::size_t>(w.thread)][static_cast<std::size_t>(acq_thread)];
    if (static_cast<int>(acq_scope) >= d) {
      const auto& evs = events_[static_cast<std::size_t>(w.thread)];
      for (int i = w.index; i >= 0; --i) {
        const Event& h = evs[static_cast<std::size_t>(i)];
        bool head = has_release(h.order) &&
                    ((h.is_write() && h.location == we.location) || h.kind == StepKind::Fence);
        if (head && static_cast<int>(h.scope) >= d) {
          join(out, hb(EventId{w.thread, i}), T);
          break;
        }
      }
    }
    if (!we.rmw || w.index == 0) return;
    reader = EventId{w.thread, w.index - 1};
    w = event(reader).rf;
  }
}

void Graph::compute_views(EventId id) {
  const int T = ctx_->num_threads;
  auto ts = static_cast<std::size_t>(id.thread);
  std::uint32_t* h = hb_[ts].data() + static_cast<std::size_t>(id.index) * static_cast<std::size_t>(T);
  std::uint32_t* p = porf_[ts].data() + static_cast<std::size_t>(id.index) * static_cast<std::size_t>(T);
  if (id.index > 0) {
    std::copy(h - T, h, h);
    std::copy(p - T, p, p);
  } else {
    std::fill(h, h + T, 0u);
    std::fill(p, p + T, 0u);
  }
  const Event& e = event(id);
  switch (e.kind) {
    case StepKind::Read:
      if (!e.rf.is_init()) join(p, porf(e.rf), T);
      if (has_acquire(e.order)) join_release(h, e.rf, id, id.thread, e.scope);
      break;
    case StepKind::Fence:
      if (has_acquire(e.order)) {
        const auto& evs = events_[ts];
        for (int i = 0; i < id.index; ++i) {
          const Event& r = evs[static_cast<std::size_t>(i)];
          if (r.is_read() && is_atomic(r.order)) join_release(h, r.rf, EventId{id.thread, i}, id.thread, e.scope);
        }
      }
      break;
    case StepKind::BarrierDepart:
      for (EventId a : barrier_arrivals(id)) {
        join(h, hb(a), T);
        join(p, porf(a), T);
      }
      break;
    default: break;
  }
  h[id.thread] = static_cast<std::uint32_t>(id.index + 1);
  p[id.thread] = static_cast<std::uint32_t>(id.index + 1);
}

}  // namespace racecert::explorer
