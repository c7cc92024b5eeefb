#include "explorer/litmus_lower.hpp"

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
    for (const InitEntry& e : test_.init) {
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
      case Op::St: {
        out.kind = in.op == Op::Ld ? InstrKind::Load : InstrKind::Store;
        out.location = location(in.location);
        if (in.op == Op::Ld) out.dst = reg(t, in.dst);
        else out.a = operand(t, in.args.at(0));
        if (in.sem == Sem::Weak || in.sem == Sem::Volatile) {
          if (in.scope) bad(in, std::string(spelling(in.sem)) + " accesses take no scope");
          out.order = in.sem == Sem::Weak ? Order::NA : Order::Rlx;
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
        out.location = location(in.location);
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
        out.scope = need_scope(in);
        out.order = in.sem == Sem::SC ? Order::SC : Order::AcqRel;
        break;
      case Op::BarSync:
      case Op::BarArrive: {
        out.kind = InstrKind::Barrier;
        out.barrier_wait = in.op == Op::BarSync;
        out.scope = Scope::Cta;
        out.order = Order::AcqRel;
        if (in.args.empty() || in.args.size() > 2) bad(in, "expected a barrier id and an optional thread count");
        for (const auto& a : in.args)
          if (a.is_reg) bad(in, "barrier ids and counts must be integer constants");
        if (in.args[0].value < 0 || in.args[0].value > 15) bad(in, "barrier id must be in 0..15");
        out.barrier_id = static_cast<int>(in.args[0].value);
        if (in.args.size() == 2) {
          if (in.args[1].value < 1 || in.args[1].value > 1024) bad(in, "thread count must be in 1..1024");
          out.barrier_count = static_cast<int>(in.args[1].value);
        }
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
          e.location = location(c.name);
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
  std::set<std::string> seen_init_;
  std::vector<std::map<std::string, int>> regs_;
};

}  // namespace

Lowered lower(const Test& test) { return Lowering(test).run(); }

}  // namespace racecert::explorer::litmus
