#include "transform/align.hpp"

#include "protocol/block_ops.hpp"
#include "protocol/loop_domain.hpp"
#include "support/diagnostic.hpp"
#include "support/overloaded.hpp"

namespace racecert::transform {

using namespace protocol;

namespace {

// What aligning a statement (or a block) gives: aligned items, the uniform
// condition under which they meet a barrier, and the code pending after the
// last barrier (or all of the code when there is none).
struct AlignOut {
  Aligned items;
  Expr syncs = bool_lit(false);
  Block pending;
};

Block concat(Block a, const Block& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

Stmt make_if(Expr c, Block t, Block e = {}) {
  If i;
  i.cond = std::move(c);
  i.then_body = std::move(t);
  i.else_body = std::move(e);
  i.tag = SyncTag::Unsync;
  return Stmt{std::move(i)};
}

// Only code with accesses matters to a phase. (Returned by name, so the
// block is moved, not copied: `cond ? b : Block{}` would copy the pending
// code at every statement, quadratic in a phase's length.)
Block relevant(Block b) {
  if (!contains_access(b)) b.clear();
  return b;
}

struct Pushed {
  Aligned items;
  Block residual;  // the part of u no barrier of `a` absorbed
};

// u ;S a: merges u into the first phase of a. When a may not meet a barrier
// (guarded blocks), the residual carries u on to whatever follows.
Pushed push(Block u, const Aligned& a) {
  Pushed out;
  Block carry = relevant(std::move(u));
  auto merge = Overloaded{
      [&](const PhaseEnd& in) {
        PhaseEnd p = in;
        p.code = concat(std::move(carry), p.code);
        carry.clear();
        out.items.push_back(AlignedItem{std::move(p)});
      },
      // The loop runs at least once and every iteration meets a barrier:
      // u joins the first phase of the first iteration.
      [&](const AlignedLoop& in) {
        AlignedLoop l = in;
        Expr first = binary(BinOp::Eq, var(l.header.var), l.header.init);
        l.body = push(Block{make_if(first, std::move(carry))}, l.body).items;
        carry.clear();
        out.items.push_back(AlignedItem{std::move(l)});
      },
      [&](const Guarded& in) {
        Guarded g = in;
        Pushed inner = push(carry, g.body);
        g.body = std::move(inner.items);
        carry = Block{make_if(g.guard, std::move(inner.residual), std::move(carry))};
        out.items.push_back(AlignedItem{std::move(g)});
      }};
  for (const auto& item : a) {
    if (carry.empty()) out.items.push_back(item);
    else std::visit(merge, item.node);
  }
  out.residual = std::move(carry);
  return out;
}

AlignOut seq(AlignOut a, AlignOut b) {
  Pushed p = push(std::move(a.pending), b.items);
  a.items.insert(a.items.end(), p.items.begin(), p.items.end());
  a.syncs = disj(a.syncs, b.syncs);
  a.pending = relevant(concat(std::move(p.residual), b.pending));
  return a;
}

// Variables bound inside a block (its loops, binders and declarations).
void bound_in(const Block& b, std::set<std::string>& out) {
  auto bound = Overloaded{
      [](const Access&) {},
      [](const Sync&) {},
      [&](const If& i) {
        bound_in(i.then_body, out);
        bound_in(i.else_body, out);
      },
      [&](const Loop& l) {
        out.insert(l.var);
        bound_in(l.body, out);
      },
      [&](const Decl& d) { out.insert(d.name); },
      [&](const Bind& bd) {
        out.insert(bd.var);
        bound_in(bd.body, out);
      }};
  for (const auto& s : b) std::visit(bound, s.node);
}

class Aligner {
 public:
  explicit Aligner(const AlignOptions& o) : o_(o), facts_(o.facts) {}

  AlignOut block(const Block& b) {
    AlignOut acc;
    for (const auto& s : b) acc = seq(std::move(acc), stmt(s));
    return acc;
  }

 private:
  // Only barriers and synchronized control flow shape the aligned items;
  // everything else waits in `pending` for the next barrier.
  AlignOut stmt(const Stmt& s) {
    auto wait = [&] {
      AlignOut out;
      out.pending.push_back(s);
      return out;
    };
    auto align = Overloaded{
        [&](const Access&) { return wait(); },
        [&](const Sync& y) {
          AlignOut out;
          out.items.push_back(AlignedItem{PhaseEnd{{}, y.loc}});
          out.syncs = bool_lit(true);
          return out;
        },
        [&](const If& i) { return i.tag == SyncTag::Sync ? conditional(i) : wait(); },
        [&](const Loop& l) { return l.tag == SyncTag::Sync ? loop(l) : wait(); },
        [&](const Decl&) { return wait(); },
        [&](const Bind&) { return wait(); }};
    return std::visit(align, s.node);
  }

  const AlignOptions& o_;
  std::vector<Expr> facts_;  // what holds where we are: enclosing loop domains and conditions

  AlignOut under(Expr fact, const Block& b) {
    facts_.push_back(std::move(fact));
    AlignOut r = block(b);
    facts_.pop_back();
    return r;
  }

  AlignOut conditional(const If& i) {
    AlignOut t = under(i.cond, i.then_body), e = under(neg(i.cond), i.else_body);
    AlignOut out;
    if (!t.items.empty()) out.items.push_back(AlignedItem{Guarded{i.cond, std::move(t.items)}});
    if (!e.items.empty()) out.items.push_back(AlignedItem{Guarded{neg(i.cond), std::move(e.items)}});
    out.syncs = disj(conj(i.cond, t.syncs), conj(neg(i.cond), e.syncs));
    if (!t.pending.empty() || !e.pending.empty()) {
      If pending;
      pending.cond = i.cond;
      pending.then_body = std::move(t.pending);
      pending.else_body = std::move(e.pending);
      pending.tag = SyncTag::Unsync;
      pending.loc = i.loc;
      out.pending.push_back(Stmt{std::move(pending)});
    }
    return out;
  }

  // The code after the last barrier of iteration prev(x), placed at the
  // start of iteration x.
  Block previous_iteration(const Loop& l, const Block& tail) {
    if (tail.empty()) return {};
    Expr x = var(l.var);
    if (auto prev = loop_prev(l, x)) return substitute(tail, {{l.var, *prev}});
    // x /= c and x >>= c lose information: name the previous value instead.
    std::string p = l.var + "#prev";
    Bind b;
    b.var = p;
    b.where = conj(loop_domain(l, var(p)), binary(BinOp::Eq, loop_next(l, var(p)), x));
    b.body = substitute(tail, {{l.var, var(p)}});
    return Block{Stmt{std::move(b)}};
  }

  // The condition under which the body of l meets a barrier mentions the
  // loop variable. Returns an equivalent condition that does not: true when
  // every iteration meets one, or the first iteration's condition when all
  // iterations agree. Otherwise the loop meets barriers in some iterations
  // only, which aligning cannot express.
  Expr loop_invariant_guard(const Loop& l, const Expr& in_range, const Expr& syncs,
                            const std::set<std::string>& local) {
    if (o_.implies) {
      facts_.push_back(in_range);
      bool always = o_.implies(facts_, syncs);
      facts_.pop_back();
      if (always) return bool_lit(true);
      std::set<std::string> others = local;
      others.erase(l.var);
      if (!mentions(syncs, others)) {
        std::string other = l.var + "#other";
        Substitution to_other{{l.var, var(other)}};
        facts_.push_back(in_range);
        facts_.push_back(substitute(in_range, to_other));
        bool invariant = o_.implies(facts_, binary(BinOp::Eq, ite(syncs, int_lit(1), int_lit(0)),
                                                   ite(substitute(syncs, to_other), int_lit(1), int_lit(0))));
        facts_.pop_back();
        facts_.pop_back();
        if (invariant) return substitute(syncs, {{l.var, l.init}});
      }
    }
    throw unsupported(l.loc, "synchronized loop whose body meets a barrier in some iterations only");
  }

  AlignOut loop(const Loop& l) {
    Expr in_range = loop_domain(l, var(l.var));
    AlignOut body = under(in_range, l.body);
    std::set<std::string> local;
    bound_in(l.body, local);
    local.insert(l.var);
    if (mentions(body.syncs, local)) body.syncs = loop_invariant_guard(l, in_range, body.syncs, local);
    Expr x = var(l.var);
    Block prev = previous_iteration(l, body.pending);
    Block prefix;
    if (!prev.empty()) prefix.push_back(make_if(binary(BinOp::Ne, x, l.init), std::move(prev)));
    AlignedLoop aligned;
    aligned.header = l;
    aligned.header.body.clear();
    // The body meets a barrier in every iteration where the loop is kept
    // (under `syncs`), so nothing of the prefix is left over.
    aligned.body = push(std::move(prefix), body.items).items;

    AlignOut out;
    out.syncs = body.syncs;
    if (is_true(body.syncs)) {
      out.items.push_back(AlignedItem{std::move(aligned)});
    } else {
      out.items.push_back(AlignedItem{Guarded{body.syncs, {AlignedItem{std::move(aligned)}}}});
    }
    if (body.pending.empty()) return out;
    Bind last;
    last.var = l.var;
    last.where = loop_is_last(l, x);
    last.body = body.pending;
    if (is_true(body.syncs)) {
      out.pending.push_back(Stmt{std::move(last)});
    } else {
      // When the body never meets a barrier the loop is unsynchronized.
      Loop unsync = l;
      unsync.body = body.pending;
      unsync.tag = SyncTag::Unsync;
      out.pending.push_back(make_if(body.syncs, Block{Stmt{std::move(last)}}, Block{Stmt{std::move(unsync)}}));
    }
    return out;
  }
};

}  // namespace

AlignedProtocol align(const Block& body, const AlignOptions& o) {
  AlignOut r = Aligner(o).block(body);
  return AlignedProtocol{std::move(r.items), r.syncs, std::move(r.pending)};
}

AlignedProtocol align(const WellFormed& w, const AlignOptions& o) { return align(w.kernel.body, o); }

}  // namespace racecert::transform
