#include "explorer/litmus_lower.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "explorer/litmus_printer.hpp"
#include "support/diagnostic.hpp"

namespace racecert::explorer::litmus {

namespace {

// Threads without "@cta C,gpu G" each get a CTA of their own.
constexpr int kOwnCtaBase = 1 << 24;

class Lowering {
 public:
  explicit Lowering(const Test& t) : test_(t) {}

  Lowered run() {
    Program& p = out_.program;
    p.name = test_.name;
    for (std::size_t i = 0; i < test_.threads.size(); ++i) {
      const ThreadDecl& d = test_.threads[i];
      if (d.id != static_cast<int>(i))
        throw input_error(d.where, "expected thread P" + std::to_string(i) + ", found P" + std::to_string(d.id));
      Thread t;
      t.name = "P" + std::to_string(i);
      t.cta = d.scoped ? d.cta : kOwnCtaBase + static_cast<int>(i);
      t.gpu = d.scoped ? d.gpu : 0;
      p.threads.push_back(std::move(t));
    }
    regs_.resize(p.threads.size());
    out_.row_of.resize(p.threads.size());
    declare_locations();
    for (const InitEntry& e : test_.init) {
      if (e.alias) continue;
      if (e.thread < 0) {
        if (!seen_init_.insert(e.name).second) throw input_error(e.where, "location '" + e.name + "' initialised twice");
        p.init[static_cast<std::size_t>(location(e.name))] = e.value;
      } else {
        check_thread(e.thread, e.where);
        int r = reg(e.thread, e.name);
        p.threads[static_cast<std::size_t>(e.thread)].reg_init[static_cast<std::size_t>(r)] = e.value;
      }
    }
    for (std::size_t t = 0; t < p.threads.size(); ++t) lower_thread(static_cast<int>(t));
    p.condition.quantifier = test_.quantifier;
    p.condition.expr = lower_cond(test_.condition);
    p.condition.text = print_quantifier(test_.quantifier) + " (" + print_condition(test_.condition) + ")";
    return std::move(out_);
  }

 private:
  void check_thread(int t, const SourceLoc& where) const {
    if (t < 0 || t >= static_cast<int>(out_.program.threads.size()))
      throw input_error(where, "no thread P" + std::to_string(t) + " in this test");
  }
  // Every physical location first (in the order of first use: init, the
  // threads' instructions, the condition), so that the generic aliases'
  // virtual addresses can follow them (Program::aliases).
  void declare_locations() {
    std::set<std::string> alias_names;
    for (const InitEntry& e : test_.init)
      if (e.alias) alias_names.insert(e.name);
    auto use = [&](const std::string& name) {
      if (!name.empty() && !alias_names.count(name)) location(name);
    };
    for (const InitEntry& e : test_.init)
      if (!e.alias && e.thread < 0) use(e.name);
    for (std::size_t t = 0; t < test_.threads.size(); ++t)
      for (const auto& row : test_.rows)
        if (t < row.size() && row[t].instr) use(row[t].instr->location);
    declare_in(test_.condition, use);
    std::set<std::string> before;  // locations initialised before the entry
    for (const InitEntry& e : test_.init) {
      if (e.alias) declare_alias(e, before);
      else if (e.thread < 0) before.insert(e.name);
    }
  }
  template <class Use>
  void declare_in(const Cond& c, const Use& use) {
    if (c.thread < 0) use(c.name);
    if (c.rhs_thread < 0) use(c.rhs_name);
    for (const auto& k : c.kids) declare_in(k, use);
  }
  void declare_alias(const InitEntry& e, const std::set<std::string>& before) {
    Program& p = out_.program;
    bool initialised = std::any_of(test_.init.begin(), test_.init.end(), [&](const InitEntry& i) {
      return !i.alias && i.thread < 0 && i.name == e.name;
    });
    if (aliases_.count(e.name) || initialised) throw input_error(e.where, "'" + e.name + "' declared twice");
    Alias a;
    a.name = e.name;
    a.proxy = e.proxy;
    auto it = aliases_.find(e.target);
    if (it != aliases_.end()) {
      const Alias& of = p.aliases[static_cast<std::size_t>(it->second)];
      a.location = of.location;
      a.vlocation = of.vlocation;
    } else if (before.count(e.target)) {
      a.location = location(e.target);
      a.vlocation = a.location;
    } else {
      throw input_error(e.where, "'" + e.name + "' aliases '" + e.target + "', which is not declared before it");
    }
    if (e.proxy == Proxy::Generic) a.vlocation = p.num_vlocations();
    aliases_.emplace(e.name, static_cast<int>(p.aliases.size()));
    p.aliases.push_back(std::move(a));
  }
  // Sets the physical location and the virtual address of an access.
  void set_access(Instr& out, const std::string& name) {
    auto it = aliases_.find(name);
    if (it == aliases_.end()) {
      out.location = location(name);
      return;
    }
    const Alias& a = out_.program.aliases[static_cast<std::size_t>(it->second)];
    out.location = a.location;
    out.vlocation = a.vlocation;
  }
  // A location named in the condition: an alias reads its physical location.
  int physical(const std::string& name) {
    auto it = aliases_.find(name);
    return it == aliases_.end() ? location(name) : out_.program.aliases[static_cast<std::size_t>(it->second)].location;
  }
  int location(const std::string& name) {
    auto [it, fresh] = locations_.emplace(name, static_cast<int>(locations_.size()));
    if (fresh) {
      out_.program.locations.push_back(name);
      out_.program.init.push_back(0);
    }
    return it->second;
  }
  int reg(int t, const std::string& name) {
    auto& map = regs_[static_cast<std::size_t>(t)];
    auto [it, fresh] = map.emplace(name, static_cast<int>(map.size()));
    if (fresh) {
      Thread& th = out_.program.threads[static_cast<std::size_t>(t)];
      th.reg_names.push_back(name);
      th.reg_init.push_back(0);
    }
    return it->second;
  }
  explorer::Operand operand(int t, const litmus::Operand& o) {
    return o.is_reg ? explorer::Operand::reg_ref(reg(t, o.reg)) : explorer::Operand::constant(o.value);
  }

  void lower_thread(int t) {
    Thread& th = out_.program.threads[static_cast<std::size_t>(t)];
    std::map<std::string, int> labels;
    std::vector<std::pair<std::size_t, const Instruction*>> branches;
    for (std::size_t row = 0; row < test_.rows.size(); ++row) {
      const Cell& c = test_.rows[row][static_cast<std::size_t>(t)];
      for (std::size_t k = 0; k < c.labels.size(); ++k) {
        const std::string& l = c.labels[k];
        int pc = static_cast<int>(th.code.size());
        if (!labels.emplace(l, pc).second) {
          SourceLoc where = k < c.label_where.size() ? c.label_where[k] : SourceLoc{test_.file, 0, 0};
          throw input_error(where, "label '" + l + "' defined twice in " + th.name);
        }
        Instr nop;
        nop.kind = InstrKind::Nop;
        nop.text = l + ":";
        th.code.push_back(nop);
        out_.row_of[static_cast<std::size_t>(t)].push_back(-1);
      }
      if (!c.instr) continue;
      Instr in = lower_instr(t, *c.instr);
      if (in.kind == InstrKind::Branch) branches.emplace_back(th.code.size(), &*c.instr);
      th.code.push_back(std::move(in));
      out_.row_of[static_cast<std::size_t>(t)].push_back(static_cast<int>(row));
    }
    for (auto [pc, src] : branches) {
      auto it = labels.find(src->target);
      if (it == labels.end()) throw input_error(src->where, "unknown label '" + src->target + "' in " + th.name);
      th.code[pc].target = it->second;
    }
  }

  [[noreturn]] void bad(const Instruction& in, const std::string& msg) const {
    throw input_error(in.where, "'" + print_instruction(in) + "': " + msg);
  }
  void need_args(const Instruction& in, std::size_t n, const char* what) const {
    if (in.args.size() != n) bad(in, std::string("expected ") + what);
  }
  Scope need_scope(const Instruction& in) const {
    if (!in.scope) bad(in, "needs a scope (.cta, .gpu or .sys)");
    return *in.scope;
  }

  Instr lower_instr(int t, const Instruction& in) {
    Instr out;
    out.where = in.where;
    out.text = print_instruction(in);
    switch (in.op) {
      case Op::Ld:
        if (!in.args.empty()) {  // `ld r0, 1`: Dat3M's move of an immediate
          if (in.sem != Sem::None || in.scope || in.proxy != Proxy::Generic)
            bad(in, "loads an immediate, which takes no qualifiers");
          out.kind = InstrKind::Arith;
          out.arith = ArithOp::Mov;
          out.dst = reg(t, in.dst);
          out.a = operand(t, in.args[0]);
          break;
        }
        [[fallthrough]];
      case Op::St: {
        out.kind = in.op == Op::Ld ? InstrKind::Load : InstrKind::Store;
        set_access(out, in.location);
        out.proxy = in.proxy;
        if (in.op == Op::Ld) out.dst = reg(t, in.dst);
        else out.a = operand(t, in.args.at(0));
        if (in.sem == Sem::None || in.sem == Sem::Weak || in.sem == Sem::Volatile) {
          if (in.scope) bad(in, std::string(spelling(in.sem)) + " accesses take no scope");
          out.order = in.sem == Sem::Volatile ? Order::Rlx : Order::NA;
          out.scope = Scope::Sys;
        } else {
          out.scope = need_scope(in);
          out.order = in.sem == Sem::Relaxed ? Order::Rlx : in.sem == Sem::Acquire ? Order::Acq : Order::Rel;
        }
        break;
      }
      case Op::Atom:
      case Op::Red: {
        out.kind = InstrKind::Rmw;
        out.rmw = in.rmw;
        set_access(out, in.location);
        out.dst = in.op == Op::Atom ? reg(t, in.dst) : -1;
        if (in.sem == Sem::None) bad(in, "needs a memory order (.relaxed, .acquire, .release or .acq_rel)");
        out.scope = need_scope(in);
        out.order = in.sem == Sem::Relaxed   ? Order::Rlx
                    : in.sem == Sem::Acquire ? Order::Acq
                    : in.sem == Sem::Release ? Order::Rel
                                             : Order::AcqRel;
        if (in.op == Op::Red && (in.rmw == RmwOp::Cas || in.rmw == RmwOp::Exch))
          bad(in, "red supports add, sub, and, or and xor");
        if (in.rmw == RmwOp::Cas) {
          need_args(in, 2, "an expected and a new value");
          out.b = operand(t, in.args[1]);
        } else {
          need_args(in, 1, "one value");
        }
        out.a = operand(t, in.args[0]);
        break;
      }
      case Op::Fence:
        out.kind = InstrKind::Fence;
        out.fence = in.fence;
        if (in.fence != FenceKind::Memory) {
          // Alias and proxy fences order within the CTA; SRC11 ignores them
          // (Order::NA), the PTX v7.5 model reads `fence` and `proxy`.
          out.proxy = in.proxy;
          out.scope = Scope::Cta;
          out.order = Order::NA;
          break;
        }
        out.scope = need_scope(in);
        out.order = in.sem == Sem::SC ? Order::SC : Order::AcqRel;
        break;
      case Op::BarSync:
      case Op::BarArrive: {
        out.kind = InstrKind::Barrier;
        out.barrier_wait = in.op == Op::BarSync;
        out.scope = Scope::Cta;
        out.order = Order::AcqRel;
        lower_barrier(t, in, out);
        break;
      }
      case Op::Goto:
        out.kind = InstrKind::Branch;
        out.cond = BranchCond::Always;
        break;
      case Op::Branch:
        out.kind = InstrKind::Branch;
        out.cond = in.cond;
        need_args(in, 2, "two operands and a label");
        out.a = operand(t, in.args[0]);
        out.b = operand(t, in.args[1]);
        break;
      case Op::Arith:
        out.kind = InstrKind::Arith;
        out.arith = in.arith;
        out.dst = reg(t, in.dst);
        need_args(in, 2, "two operands");
        out.a = operand(t, in.args[0]);
        out.b = operand(t, in.args[1]);
        break;
      case Op::Mov:
        out.kind = InstrKind::Arith;
        out.arith = ArithOp::Mov;
        out.dst = reg(t, in.dst);
        need_args(in, 1, "one operand");
        out.a = operand(t, in.args[0]);
        break;
    }
    return out;
  }

  // Dat3M's barrier operands (docs/explorer.md, "Barriers"): `a` alone is
  // barrier a of every thread of the CTA; `a, b` is logical barrier b of
  // instance a, every thread of the CTA; `a, b, c` the same with c threads.
  // Barriers meet only on equal (a) or equal (a, b): ids 0..15 for the
  // one-operand form, 16 + 16 a + b for the others. A single a, b and c may
  // be registers (read at run time by the thread runner).
  void lower_barrier(int t, const Instruction& in, Instr& out) {
    if (in.args.empty() || in.args.size() > 3) bad(in, "expected 1 to 3 operands (a[, b[, c]])");
    const litmus::Operand& a = in.args[0];
    if (a.is_reg) {
      if (in.args.size() > 1) bad(in, "the barrier instance must be an integer constant");
      out.barrier_id = 0;
      out.barrier_id_reg = reg(t, a.reg);
      return;
    }
    if (a.value < 0 || a.value >= kBarrierIdRange) bad(in, "barrier id must be in 0..15");
    if (in.args.size() == 1) {
      out.barrier_id = static_cast<int>(a.value);
      return;
    }
    out.barrier_id = kBarrierIdRange * (1 + static_cast<int>(a.value));
    const litmus::Operand& b = in.args[1];
    if (b.is_reg) {
      out.barrier_id_reg = reg(t, b.reg);
    } else {
      if (b.value < 0 || b.value >= kBarrierIdRange) bad(in, "logical barrier id must be in 0..15");
      out.barrier_id += static_cast<int>(b.value);
    }
    if (in.args.size() == 3) {
      const litmus::Operand& c = in.args[2];
      if (c.is_reg) {
        out.barrier_count_reg = reg(t, c.reg);
      } else {
        if (c.value < 1 || c.value > kMaxBarrierCount) bad(in, "thread count must be in 1..1024");
        out.barrier_count = static_cast<int>(c.value);
      }
    }
  }

  CondExpr lower_cond(const Cond& c) {
    CondExpr e;
    switch (c.kind) {
      case Cond::Kind::True: e.kind = CondExpr::Kind::True; break;
      case Cond::Kind::False: e.kind = CondExpr::Kind::False; break;
      case Cond::Kind::Eq:
      case Cond::Kind::Ne:
        e.kind = c.kind == Cond::Kind::Eq ? CondExpr::Kind::Eq : CondExpr::Kind::Ne;
        e.value = c.value;
        if (c.thread >= 0) {
          check_thread(c.thread, c.where);
          e.thread = c.thread;
          e.reg = reg(c.thread, c.name);
        } else {
          e.location = physical(c.name);
        }
        if (c.rhs_thread >= 0) {
          check_thread(c.rhs_thread, c.where);
          e.rhs_thread = c.rhs_thread;
          e.rhs_reg = reg(c.rhs_thread, c.rhs_name);
        } else if (!c.rhs_name.empty()) {
          e.rhs_location = physical(c.rhs_name);
        }
        break;
      case Cond::Kind::Not:
      case Cond::Kind::And:
      case Cond::Kind::Or:
        e.kind = c.kind == Cond::Kind::Not ? CondExpr::Kind::Not
                 : c.kind == Cond::Kind::And ? CondExpr::Kind::And
                                             : CondExpr::Kind::Or;
        for (const auto& k : c.kids) e.kids.push_back(lower_cond(k));
        break;
    }
    return e;
  }

  const Test& test_;
  Lowered out_;
  std::map<std::string, int> locations_;
  std::map<std::string, int> aliases_;  // name -> index in Program::aliases
  std::set<std::string> seen_init_;
  std::vector<std::map<std::string, int>> regs_;
};

}  // namespace

Lowered lower(const Test& test) { return Lowering(test).run(); }

}  // namespace racecert::explorer::litmus
