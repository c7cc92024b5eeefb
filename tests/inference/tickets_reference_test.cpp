// The ticket rule against the real atomic semantics, brute force: random
// tiny kernels (one block of 2-3 threads, a shared counter zeroed, exchanged,
// incremented by 0, 1 or 2 or atomic_inc'ed under thread conditions and in
// loops, with barriers at the top level or under a condition; at most 4
// operations per thread) are run under every interleaving of their threads
// within each barrier interval, from two initial counter values. Whenever
// inference declares the results of some calls tickets, no interleaving may
// hand the same value to calls of different threads (soundness of
// inference/tickets.hpp). The rule is conservative, not exact; the test also
// counts that it accepts a fair share of the kernels and that the kernels it
// rejects do repeat values often.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <random>
#include <set>

#include "inference/infer.hpp"
#include "kernel_ir/parser.hpp"
#include "support/overloaded.hpp"

namespace racecert::inference {
namespace {

struct Op {
  enum Kind { Store, Add, Inc, Exch } kind = Add;
  int who = -1;  // the only thread that runs it, -1: every thread
  std::int64_t operand = 1;
  int site = -1;  // which result variable (Add and Inc)
  bool twice = false;  // in a loop of two iterations
};

// The kernel: phases separated by barriers; `guarded_barrier[p]` says the
// barrier ending phase p sits under a (block-uniform) condition.
struct Program {
  int threads = 2;
  std::vector<std::vector<Op>> phases;
  std::vector<bool> guarded_barrier;
  int sites = 0;
};

Program random_program(std::mt19937& rng) {
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  Program p;
  p.threads = 2 + pick(2);
  // At most 4 operations run per thread, so that every interleaving can
  // be tried; one in a loop counts twice.
  int phases = 1 + pick(3), total = 1 + pick(4);
  for (int ph = 0; ph < phases; ++ph) {
    std::vector<Op> ops;
    int share = ph + 1 == phases ? total : pick(total + 1);
    total -= share;
    while (share > 0) {
      Op o;
      o.twice = share >= 2 && pick(4) == 0;
      share -= o.twice ? 2 : 1;
      int k = pick(10);
      o.kind = k < 2 ? Op::Store : k < 3 ? Op::Exch : k < 5 ? Op::Inc : Op::Add;
      o.who = pick(3) == 0 ? pick(p.threads) : -1;
      o.operand = o.kind == Op::Add ? pick(4) == 0 ? 0 : 1 + pick(2) : o.kind == Op::Inc ? 0 : pick(3);
      if (o.kind == Op::Add || o.kind == Op::Inc) o.site = p.sites++;
      ops.push_back(o);
    }
    p.phases.push_back(ops);
    if (ph + 1 < phases) p.guarded_barrier.push_back(pick(5) == 0);
  }
  return p;
}

std::string kernel_text(const Program& p) {
  std::string s = "opencl kernel k {\n  array global int out[] (parameter);\n  array shared unsigned c<4>;\n";
  for (int i = 0; i < p.sites; ++i) s += "  local unsigned t" + std::to_string(i) + ";\n";
  int loops = 0;
  for (const auto& ops : p.phases)
    for (const Op& o : ops)
      if (o.twice) s += "  local int l" + std::to_string(loops++) + ";\n";
  loops = 0;
  for (std::size_t ph = 0; ph < p.phases.size(); ++ph) {
    for (const Op& o : p.phases[ph]) {
      std::string stmt;
      std::string t = "t" + std::to_string(o.site);
      switch (o.kind) {
        case Op::Store: stmt = "store c = " + std::to_string(o.operand) + ";"; break;
        case Op::Exch: stmt = "atomic.exch.relaxed.device c, " + std::to_string(o.operand) + ";"; break;
        case Op::Inc: stmt = t + " = atomic.inc.relaxed.device c;"; break;
        case Op::Add: stmt = t + " = atomic.add.relaxed.device c, " + std::to_string(o.operand) + ";"; break;
      }
      if (o.site >= 0) stmt += " store out[" + t + "] = 0;";  // keeps the result's unknown
      if (o.who >= 0) stmt = "if (threadIdx.x == " + std::to_string(o.who) + ") { " + stmt + " }";
      if (o.twice) {
        std::string l = "l" + std::to_string(loops++);
        stmt = "loop (" + l + " < 2) { init: " + l + " = 0; body: " + stmt + " update: " + l + " = " + l + " + 1; }";
      }
      s += "  " + stmt + "\n";
    }
    if (ph + 1 < p.phases.size())
      s += p.guarded_barrier[ph] ? "  if (blockIdx.x == 0) { barrier.block; }\n" : "  barrier.block;\n";
  }
  return s + "}\n";
}

// The call sites whose results inference declares tickets (kernel-wide, or
// scoped in a loop body).
std::set<int> ticket_sites(const Program& p) {
  Inference inf = infer_protocol(kir::parse_kernel(kernel_text(p), "k.cl"));
  std::set<int> out;
  auto site = [&](const std::string& name) { out.insert(std::stoi(name.substr(1, name.find('$') - 1))); };
  for (const auto& v : inf.protocol.vars)
    if (v.ticket) site(v.name);
  std::function<void(const protocol::Block&)> scoped = [&](const protocol::Block& b) {
    for (const auto& st : b)
      std::visit(Overloaded{[&](const protocol::Decl& d) {
                              if (d.ticket) site(d.name);
                            },
                            [&](const protocol::If& i) {
                              scoped(i.then_body);
                              scoped(i.else_body);
                            },
                            [&](const protocol::Loop& l) { scoped(l.body); },
                            [&](const protocol::Bind& bd) { scoped(bd.body); },
                            // Nothing nested:
                            [](const protocol::Access&) {}, [](const protocol::Sync&) {}},
                 st.node);
  };
  scoped(inf.protocol.body);
  return out;
}

// Whether some interleaving gives two calls of ticket sites, made by
// different threads, the same value (every interleaving of each phase,
// phases in order; the counter starts at `initial`).
bool repeats(const Program& p, const std::set<int>& sites, std::int64_t initial) {
  struct Drawn {
    int thread;
    std::int64_t value;
  };
  std::function<bool(std::size_t, std::int64_t, std::vector<Drawn>&)> phase = [&](std::size_t ph, std::int64_t c,
                                                                                  std::vector<Drawn>& drawn) {
    if (ph == p.phases.size()) {
      for (std::size_t i = 0; i < drawn.size(); ++i)
        for (std::size_t j = i + 1; j < drawn.size(); ++j)
          if (drawn[i].thread != drawn[j].thread && drawn[i].value == drawn[j].value) return true;
      return false;
    }
    // Each thread's operations in this phase, then every interleaving.
    std::vector<std::vector<const Op*>> ops(static_cast<std::size_t>(p.threads));
    for (int t = 0; t < p.threads; ++t)
      for (const Op& o : p.phases[ph])
        for (int run = 0; run < (o.twice ? 2 : 1); ++run)
          if (o.who < 0 || o.who == t) ops[static_cast<std::size_t>(t)].push_back(&o);
    std::vector<std::size_t> next(ops.size(), 0);
    std::function<bool(std::int64_t)> step = [&](std::int64_t counter) {
      bool any = false;
      for (std::size_t t = 0; t < ops.size(); ++t) {
        if (next[t] == ops[t].size()) continue;
        any = true;
        const Op& o = *ops[t][next[t]];
        std::int64_t after = counter;
        switch (o.kind) {
          case Op::Store:
          case Op::Exch: after = o.operand; break;
          case Op::Inc: after = counter + 1; break;
          case Op::Add: after = counter + o.operand; break;
        }
        bool draws = o.site >= 0 && sites.count(o.site);
        if (draws) drawn.push_back({static_cast<int>(t), counter});
        ++next[t];
        bool found = step(after);
        --next[t];
        if (draws) drawn.pop_back();
        if (found) return true;
      }
      return any ? false : phase(ph + 1, counter, drawn);
    };
    return step(c);
  };
  std::vector<Drawn> drawn;
  return phase(0, initial, drawn);
}

TEST(TicketsReference, NoInterleavingRepeatsATicket) {
  std::mt19937 rng(7);
  int with_tickets = 0, with_loop_tickets = 0, rejected = 0, rejected_repeating = 0;
  for (int i = 0; i < 4000; ++i) {
    Program p = random_program(rng);
    if (p.sites == 0) continue;
    std::set<int> sites = ticket_sites(p);
    if (!sites.empty()) {
      ++with_tickets;
      bool in_loop = false;
      for (const auto& ops : p.phases)
        for (const Op& o : ops) in_loop = in_loop || (o.twice && sites.count(o.site));
      with_loop_tickets += in_loop ? 1 : 0;
      for (std::int64_t initial : {0, 5})
        ASSERT_FALSE(repeats(p, sites, initial)) << "initial " << initial << "\n" << kernel_text(p);
    }
    // The sites the rule rejects: how often they really repeat a value.
    std::set<int> all;
    for (int s = 0; s < p.sites; ++s)
      if (!sites.count(s)) all.insert(s);
    if (!all.empty()) {
      ++rejected;
      rejected_repeating += repeats(p, all, 0) ? 1 : 0;
    }
  }
  std::printf("kernels with tickets %d (drawn in a loop %d); with rejected calls %d, of which repeating %d\n",
              with_tickets, with_loop_tickets, rejected, rejected_repeating);
  EXPECT_GT(with_tickets, 100);
  EXPECT_GT(with_loop_tickets, 50);
  EXPECT_GT(rejected_repeating, rejected / 2);
}

// The generator's kernels read back as the kernel IR they describe.
TEST(TicketsReference, TheGeneratedKernelIsTheProgram) {
  Program p;
  p.threads = 2;
  p.phases = {{Op{Op::Store, 0, 0, -1}}, {Op{Op::Add, -1, 1, 0}}};
  p.guarded_barrier = {false};
  p.sites = 1;
  EXPECT_EQ(kernel_text(p),
            "opencl kernel k {\n  array global int out[] (parameter);\n  array shared unsigned c<4>;\n"
            "  local unsigned t0;\n  if (threadIdx.x == 0) { store c = 0; }\n  barrier.block;\n"
            "  t0 = atomic.add.relaxed.device c, 1; store out[t0] = 0;\n}\n");
  EXPECT_EQ(ticket_sites(p), (std::set<int>{0}));
  EXPECT_FALSE(repeats(p, {0}, 3));
  // Without the barrier thread 0's zeroing can come after thread 1's call.
  Program q = p;
  q.phases = {{Op{Op::Store, 0, 0, -1}, Op{Op::Add, -1, 1, 0}}};
  q.guarded_barrier.clear();
  EXPECT_EQ(ticket_sites(q), (std::set<int>{}));
  EXPECT_TRUE(repeats(q, {0}, 0));
}

}  // namespace
}  // namespace racecert::inference
