#include "kernel_ir/integer_ranges.hpp"

#include <algorithm>
#include <unordered_set>
#include <vector>

#include "support/overloaded.hpp"

namespace racecert::kir {
namespace {

using expr::BinOp;
using expr::ExprNode;
using expr::UnOp;
using Wide = __int128;

// Bounds beyond +-2^100 are unbounded; arithmetic on them saturates there.
constexpr Wide kInf = Wide{1} << 100;

Wide clamp(Wide v) { return std::max(-kInf, std::min(kInf, v)); }

struct Iv {
  Wide lo = -kInf, hi = kInf;
  bool empty() const { return lo > hi; }
  bool operator==(const Iv&) const = default;
};
Iv top() { return {}; }
Iv point(Wide v) { return {v, v}; }
Iv hull(const Iv& a, const Iv& b) { return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)}; }
Iv meet(const Iv& a, const Iv& b) { return {std::max(a.lo, b.lo), std::min(a.hi, b.hi)}; }
Iv from(const IntRange& r) {
  return {r.lo == INT64_MIN ? -kInf : Wide{r.lo}, r.hi == INT64_MAX ? kInf : Wide{r.hi}};
}
IntRange to_range(const Iv& v) {
  return {v.lo <= Wide{INT64_MIN} ? INT64_MIN : static_cast<std::int64_t>(v.lo),
          v.hi >= Wide{INT64_MAX} ? INT64_MAX : static_cast<std::int64_t>(v.hi)};
}
Iv wrap_range(int bits, bool is_signed) {
  Wide n = Wide{1} << bits;
  return is_signed ? Iv{-n / 2, n / 2 - 1} : Iv{0, n - 1};
}
bool within(const Iv& a, const Iv& b) { return b.lo <= a.lo && a.hi <= b.hi; }

// x * y saturated at +-kInf: bounds are at most 2^100 in magnitude, so the
// product is computed only when it stays below kInf (no 128-bit overflow).
Wide times(Wide x, Wide y) {
  if (x == 0 || y == 0) return 0;
  Wide ax = x < 0 ? -x : x, ay = y < 0 ? -y : y;
  bool negative = (x < 0) != (y < 0);
  if (ax > kInf / ay) return negative ? -kInf : kInf;
  return clamp(x * y);
}

Iv mul(const Iv& a, const Iv& b) {
  Wide c[] = {times(a.lo, b.lo), times(a.lo, b.hi), times(a.hi, b.lo), times(a.hi, b.hi)};
  return {*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
}
Iv sat(const Iv& a) { return {clamp(a.lo), clamp(a.hi)}; }

using State = std::map<std::string, Iv>;

class Analysis {
 public:
  explicit Analysis(const RangeFacts& f) : facts_(f) {}

  // ---- expressions

  Iv builtin(const std::string& n) const {
    auto dim = [&](char c) { return c == 'x' ? 0 : c == 'y' ? 1 : 2; };
    if (n.size() < 3 || n[n.size() - 2] != '.') return top();
    std::string base = n.substr(0, n.size() - 2);
    int d = dim(n.back());
    Iv block = facts_.block ? point((*facts_.block)[d]) : Iv{1, d == 2 ? 64 : 1024};
    Iv grid = facts_.grid ? point((*facts_.grid)[d]) : Iv{1, d == 0 ? (Wide{1} << 31) - 1 : 65535};
    // The launch assumption (at most 2^31 threads per dimension) bounds the
    // grid by the block: with blockDim.x = 128, at most 2^24 blocks.
    if (!facts_.grid && launch_terms_) grid.hi = std::min(grid.hi, (Wide{1} << 31) / block.lo);
    if (base == "blockDim") return block;
    if (base == "gridDim") return grid;
    if (base == "threadIdx") return {0, block.hi - 1};
    if (base == "blockIdx") return {0, grid.hi - 1};
    return top();
  }

  Iv variable(const std::string& n, const State& s) const {
    Iv r = builtin(n);
    if (auto d = facts_.declared.find(n); d != facts_.declared.end()) r = meet(r, from(d->second));
    if (auto v = s.find(n); v != s.end()) r = meet(r, v->second);
    return r;
  }

  // Records n's range, or drops n's entry where the range says no more
  // than n's builtin and declared range: an absent entry means that range
  // (variable), so the state holds only ranges that narrow it. Without
  // this, each `if (t == k) break;` left an entry for t, and the if after
  // it copied them all: n breaks in a loop cost n^2 (issue 18).
  void store(State& s, const std::string& n, const Iv& v) const {
    static const State kNone;
    if (within(variable(n, kNone), v)) s.erase(n);
    else s[n] = v;
  }

  // The node under e's wraps; it lives in e's tree.
  static const ExprNode* unwrapped(const Expr& e) {
    Expr x = e;
    while (auto w = expr::as_wrap(x)) x = w->value;
    return x.get();
  }
  // Copies of a builtin: `int tx = threadIdx.x;` then `blockIdx.x *
  // blockDim.x + tx` is the global index as much as with threadIdx.x
  // itself. The state records, under the key "=v", which builtin a
  // variable v holds (its index in kAliased, as a point range): a join
  // keeps it where both sides agree, an assignment to v replaces it, and
  // an if or a loop that mentions v takes it along (take).
  static constexpr const char* kAliased[] = {"threadIdx.x", "threadIdx.y", "threadIdx.z", "blockIdx.x",
                                             "blockIdx.y",  "blockIdx.z",  "blockDim.x",  "blockDim.y",
                                             "blockDim.z",  "gridDim.x",   "gridDim.y",   "gridDim.z"};
  static std::string alias_key(const std::string& v) { return "=" + v; }
  // Records what v holds after `v = value` (value already simplified).
  void set_alias(State& s, const std::string& v, const Expr& value) const {
    s.erase(alias_key(v));
    const ExprNode* x = value ? unwrapped(value) : nullptr;
    if (!x || x->kind != ExprNode::Kind::Var) return;
    for (std::size_t i = 0; i < std::size(kAliased); ++i)
      // Each wrap on the way keeps the builtin's range: value == builtin.
      if (x->name == kAliased[i] && eval(value, s) == variable(x->name, s)) {
        s[alias_key(v)] = point(static_cast<Wide>(i));
        return;
      }
  }
  static bool is_var(const ExprNode* e, const std::string& n, const State& s) {
    if (!e || e->kind != ExprNode::Kind::Var) return false;
    if (e->name == n) return true;
    auto a = s.find(alias_key(e->name));
    return a != s.end() && a->second.lo == a->second.hi && a->second.lo >= 0 &&
           a->second.lo < static_cast<Wide>(std::size(kAliased)) && kAliased[a->second.lo] == n;
  }
  static bool product_of(const ExprNode* e, const std::string& a, const std::string& b, const State& s) {
    if (!e || e->kind != ExprNode::Kind::Binary || e->binop != BinOp::Mul) return false;
    const ExprNode* l = unwrapped(e->a);
    const ExprNode* r = unwrapped(e->b);
    return (is_var(l, a, s) && is_var(r, b, s)) || (is_var(l, b, s) && is_var(r, a, s));
  }

  // Under the launch assumption (grid of at most 2^31 threads per
  // dimension): blockIdx.d * blockDim.d, blockDim.d * gridDim.d and the
  // global index blockIdx.d * blockDim.d + threadIdx.d.
  std::optional<Iv> launch_term(const ExprNode* e, const State& s) const {
    static const char* dims[] = {"x", "y", "z"};
    Wide limit = Wide{1} << 31;
    for (const char* d : dims) {
      std::string bid = std::string("blockIdx.") + d, bdim = std::string("blockDim.") + d,
                  gdim = std::string("gridDim.") + d, tid = std::string("threadIdx.") + d;
      if (product_of(e, bid, bdim, s)) return Iv{0, limit - 1};
      if (product_of(e, bdim, gdim, s)) return Iv{1, limit};
      if (e->kind == ExprNode::Kind::Binary && e->binop == BinOp::Add) {
        const ExprNode* l = unwrapped(e->a);
        const ExprNode* r = unwrapped(e->b);
        if ((product_of(l, bid, bdim, s) && is_var(r, tid, s)) || (product_of(r, bid, bdim, s) && is_var(l, tid, s)))
          return Iv{0, limit - 1};
      }
    }
    return std::nullopt;
  }

  Iv eval(const Expr& e, const State& s) const {
    if (!e) return top();
    if (auto w = expr::as_wrap(e)) {
      Iv inner = eval(w->value, s);
      Iv range = wrap_range(w->bits, w->is_signed);
      if (within(inner, range)) return inner;
      return assumed(*w) || in_update_ ? meet(inner, range) : range;
    }
    switch (e->kind) {
      case ExprNode::Kind::Int: return point(e->value);
      case ExprNode::Kind::Bool: return {0, 1};
      case ExprNode::Kind::Var: return variable(e->name, s);
      case ExprNode::Kind::Unary: {
        Iv a = eval(e->a, s);
        switch (e->unop) {
          case UnOp::Neg: return sat({-a.hi, -a.lo});
          case UnOp::Not: return {0, 1};
          case UnOp::BitNot: return sat({-a.hi - 1, -a.lo - 1});
        }
        return top();
      }
      case ExprNode::Kind::Ite: return hull(eval(e->b, s), eval(e->c, s));
      case ExprNode::Kind::Binary: break;
    }
    if (expr::is_comparison(e->binop) || expr::is_connective(e->binop)) return {0, 1};
    Iv a = eval(e->a, s), b = eval(e->b, s);
    Iv r = binary(e->binop, a, b);
    if ((!facts_.grid || !facts_.block) && launch_terms_)
      if (auto l = launch_term(e.get(), s)) r = meet(r, *l);
    return r;
  }

  static Iv binary(BinOp op, const Iv& a, const Iv& b) {
    switch (op) {
      case BinOp::Add: return sat({a.lo + b.lo, a.hi + b.hi});
      case BinOp::Sub: return sat({a.lo - b.hi, a.hi - b.lo});
      case BinOp::Mul: return mul(a, b);
      case BinOp::Div: {
        if (b.lo <= 0 && b.hi >= 0) return top();  // may divide by zero
        Wide c[] = {a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi, 0};
        bool zero = a.lo <= 0 && a.hi >= 0;
        Wide lo = *std::min_element(c, c + 4), hi = *std::max_element(c, c + 4);
        if (zero) lo = std::min(lo, Wide{0}), hi = std::max(hi, Wide{0});
        return sat({lo, hi});
      }
      case BinOp::Mod: {
        if (b.lo <= 0 && b.hi >= 0) return top();
        Wide m = std::max(b.hi >= 0 ? b.hi : -b.hi, b.lo >= 0 ? b.lo : -b.lo) - 1;  // |r| <= max|b| - 1
        if (a.lo >= 0) return {0, std::min(a.hi, m)};
        if (a.hi <= 0) return {std::max(a.lo, -m), 0};
        return {-m, m};
      }
      case BinOp::Min: return {std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
      case BinOp::Max: return {std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
      case BinOp::BitAnd:
        // x & m with m >= 0 is in [0, m] whatever x is.
        if (a.lo >= 0 && b.lo >= 0) return {0, std::min(a.hi, b.hi)};
        if (a.lo >= 0) return {0, a.hi};
        if (b.lo >= 0) return {0, b.hi};
        return top();
      case BinOp::BitOr:
      case BinOp::BitXor: {
        if (a.lo < 0 || b.lo < 0) return top();
        Wide m = std::max(a.hi, b.hi), p = 1;
        while (p <= m && p < kInf) p <<= 1;
        return {0, p - 1};
      }
      case BinOp::Shl:
        if (b.lo < 0 || b.hi > 62) return top();
        return mul(a, {Wide{1} << static_cast<int>(b.lo), Wide{1} << static_cast<int>(b.hi)});
      case BinOp::Shr:
        if (b.lo < 0) return top();
        if (a.lo >= 0) return {a.lo >> static_cast<int>(std::min(b.hi, Wide{120})), a.hi >> static_cast<int>(std::min(b.lo, Wide{120}))};
        return {std::min(a.lo, Wide{-1}), std::max(a.hi, Wide{0})};
      default:
        return top();
    }
  }

  // ---- conditions: the state where `cond` has value `truth` (nullopt: none)

  std::optional<State> refine(const State& s, const Expr& cond, bool truth) const {
    if (!cond) return s;
    if (cond->kind == ExprNode::Kind::Bool) return (cond->value != 0) == truth ? std::optional<State>(s) : std::nullopt;
    if (cond->kind == ExprNode::Kind::Unary && cond->unop == UnOp::Not) return refine(s, cond->a, !truth);
    if (cond->kind != ExprNode::Kind::Binary) return s;
    BinOp op = cond->binop;
    if (op == BinOp::And || op == BinOp::Or) {
      bool both = (op == BinOp::And) == truth;  // a && b true, or a || b false
      if (both) {
        auto l = refine(s, cond->a, truth);
        return l ? refine(*l, cond->b, truth) : std::nullopt;
      }
      return join(refine(s, cond->a, truth), refine(s, cond->b, truth));
    }
    if (!expr::is_comparison(op)) return s;
    if (!truth) {
      switch (op) {
        case BinOp::Lt: op = BinOp::Ge; break;
        case BinOp::Le: op = BinOp::Gt; break;
        case BinOp::Gt: op = BinOp::Le; break;
        case BinOp::Ge: op = BinOp::Lt; break;
        case BinOp::Eq: op = BinOp::Ne; break;
        case BinOp::Ne: op = BinOp::Eq; break;
        default: break;
      }
    }
    State r = s;
    Iv a = eval(cond->a, s), b = eval(cond->b, s);
    // a op b bounds a by b's range and b by a's.
    auto bound = [&](const Expr& x, const Iv& xr, BinOp o, const Iv& other) -> bool {
      Iv n = xr;
      switch (o) {
        case BinOp::Lt: n.hi = std::min(n.hi, other.hi - 1); break;
        case BinOp::Le: n.hi = std::min(n.hi, other.hi); break;
        case BinOp::Gt: n.lo = std::max(n.lo, other.lo + 1); break;
        case BinOp::Ge: n.lo = std::max(n.lo, other.lo); break;
        case BinOp::Eq: n = meet(n, other); break;
        default: break;
      }
      if (n.empty()) return false;
      if (x->kind == ExprNode::Kind::Var) store(r, x->name, n);
      // `v + c`, `c + v` or `v - c` bounds v by the range moved by c; in a
      // loop's test also under the counter's signed wrap, which the
      // loop-counter assumption drops (simplify): `i + 1 < n` keeps i
      // below INT_MAX - 1 in the body, where `a[i + 1]` then needs no wrap.
      Expr y = x;
      if (auto w = expr::as_wrap(y); w && w->is_signed && counter_plus_constant(w->value)) y = w->value;
      if (auto offset = variable_plus_constant(y)) {
        Iv m = meet(eval(offset->first, s), binary(BinOp::Sub, n, point(offset->second)));
        if (m.empty()) return false;
        store(r, offset->first->name, m);
      }
      // An unsigned wrap of a variable whose range starts at the signed
      // minimum: a result below 2^(bits-1) is the variable itself
      // (`(unsigned)w == 32 * gridDim.x`).
      if (auto w = expr::as_wrap(x); w && !w->is_signed && w->value->kind == ExprNode::Kind::Var) {
        Wide half = Wide{1} << (w->bits - 1);
        Iv inner = eval(w->value, s);
        if (inner.lo >= -half && n.lo >= 0 && n.hi < half) {
          Iv m = meet(inner, n);
          if (m.empty()) return false;
          store(r, w->value->name, m);
        }
      }
      return true;
    };
    auto mirrored = [](BinOp o) {
      switch (o) {
        case BinOp::Lt: return BinOp::Gt;
        case BinOp::Le: return BinOp::Ge;
        case BinOp::Gt: return BinOp::Lt;
        case BinOp::Ge: return BinOp::Le;
        default: return o;
      }
    };
    if (!bound(cond->a, a, op, b)) return std::nullopt;
    if (!bound(cond->b, b, mirrored(op), a)) return std::nullopt;
    return r;
  }

  static std::optional<State> join(const std::optional<State>& a, const std::optional<State>& b) {
    if (!a) return b;
    if (!b) return a;
    State r;
    for (const auto& [n, v] : *a)
      if (auto o = b->find(n); o != b->end()) r[n] = hull(v, o->second);
    return r;
  }

  // A signed wrap over kernel arguments or values read from memory that the
  // ranges do not exclude: signed overflow is undefined, and racecert
  // assumes the arguments make none (RangeFacts::assume_no_signed_overflow).
  bool assumed(const expr::Wrap& w) const {
    return facts_.assume_no_signed_overflow && !stored_value_ && w.is_signed && expr::mentions(w.value, inputs_);
  }

  // The variables whose values depend on kernel arguments or memory,
  // flow-insensitively. Hashed: a 50,000-statement kernel has 100,000 of
  // them, and a tree's string comparisons were 4 % of its check (issue 18).
  void find_inputs(const Kernel& k) {
    for (const auto& p : k.parameters) inputs_.insert(p.name);
    for (std::size_t before = SIZE_MAX; before != inputs_.size();) {
      before = inputs_.size();
      any_statement(k.body, [&](const Stmt& st) {
        std::visit(Overloaded{
                       [&](const Assign& a) {
                         if (!a.value || expr::mentions(a.value, inputs_)) inputs_.insert(a.var);
                       },
                       [&](const Load& l) { inputs_.insert(l.var); },
                       [&](const Store&) {},
                       [&](const Atomic& a) { inputs_.insert(a.var); },
                       [&](const Fence&) {},
                       [&](const Barrier& b) { inputs_.insert(b.var); },
                       [&](const If&) {},
                       [&](const Loop&) {},
                       [&](const Break&) {},
                       [&](const Continue&) {},
                       [&](const Return&) {},
                       [&](const Assert&) {},
                       [&](const Assume&) {},
                       [&](const Unsupported&) {},
                   },
                   st.node);
        return false;
      });
    }
    inputs_.erase("");
  }

  // ---- rewriting

  // A wrap of `bits` depends only on its operand mod 2^bits, and +, -, *,
  // negation, ~ and shifts left by a constant preserve congruences mod
  // 2^bits: so under a wrap, the wraps of at least as many bits reached
  // through those operators (and through the branches of an ite) change
  // nothing and go. `(unsigned)(int)(x * 8) + y` wrapped three times is
  // then one wrap of x * 8 + y, which the ranges may prove redundant and
  // which in any case is one Euclidean mod for Z3 instead of three.
  static Expr absorb_wraps(const Expr& e, int bits) {
    if (!e) return e;
    if (auto w = expr::as_wrap(e); w && w->bits >= bits) return absorb_wraps(w->value, bits);
    switch (e->kind) {
      case ExprNode::Kind::Unary:
        if (e->unop == UnOp::Neg || e->unop == UnOp::BitNot) {
          Expr a = absorb_wraps(e->a, bits);
          return a == e->a ? e : expr::unary(e->unop, a);
        }
        return e;
      case ExprNode::Kind::Binary: {
        bool ring = e->binop == BinOp::Add || e->binop == BinOp::Sub || e->binop == BinOp::Mul;
        bool shift = e->binop == BinOp::Shl && expr::as_int(e->b) && *expr::as_int(e->b) >= 0;
        if (!ring && !shift) return e;
        Expr a = absorb_wraps(e->a, bits), b = ring ? absorb_wraps(e->b, bits) : e->b;
        return a == e->a && b == e->b ? e : expr::binary(e->binop, a, b);
      }
      case ExprNode::Kind::Ite: {
        Expr b = absorb_wraps(e->b, bits), c = absorb_wraps(e->c, bits);
        return b == e->b && c == e->c ? e : expr::ite(e->a, b, c);
      }
      case ExprNode::Kind::Int:
      case ExprNode::Kind::Bool:
      case ExprNode::Kind::Var:
        return e;
    }
    return e;
  }

  // e is `v + c`, `c + v` or `v - c` for a variable v and a constant c:
  // v and what it adds (-c for `v - c`).
  static std::optional<std::pair<Expr, std::int64_t>> variable_plus_constant(const Expr& e) {
    if (e->kind != ExprNode::Kind::Binary || (e->binop != BinOp::Add && e->binop != BinOp::Sub)) return std::nullopt;
    auto is_var = [](const Expr& x) { return x->kind == ExprNode::Kind::Var; };
    auto c_b = expr::as_int(e->b);
    if (is_var(e->a) && c_b && *c_b != INT64_MIN) return std::make_pair(e->a, e->binop == BinOp::Add ? *c_b : -*c_b);
    auto c_a = expr::as_int(e->a);
    if (e->binop == BinOp::Add && c_a && is_var(e->b)) return std::make_pair(e->b, *c_a);
    return std::nullopt;
  }

  // In a loop's test: e is `counter + c`, `c + counter` or `counter - c`.
  bool counter_plus_constant(const Expr& e) const {
    if (!counters_) return false;
    auto offset = variable_plus_constant(e);
    return offset && counters_->count(offset->first->name) > 0;
  }

  // Whether every node of e stays within +-2^62: the queries' bit-vector
  // mode leaves out executions whose values overflow 64 bits, so an
  // absorbed wrap must not let an intermediate value grow past them.
  bool fits_64_bits(const Expr& e, const State& s) const {
    if (!e) return true;
    if (!within(eval(e, s), Iv{-(Wide{1} << 62), Wide{1} << 62})) return false;
    if (expr::as_wrap(e)) return true;  // a wrap that stays: in range, its operand as before
    return fits_64_bits(e->a, s) && fits_64_bits(e->b, s) && fits_64_bits(e->c, s);
  }

  Expr simplify(const Expr& e, const State& s) {
    if (!e) return e;
    if (auto w = expr::as_wrap(e)) {
      Expr inner = simplify(w->value, s);
      if (Expr flat = absorb_wraps(inner, w->bits); flat != inner && fits_64_bits(flat, s)) inner = flat;
      Iv range = wrap_range(w->bits, w->is_signed);
      if (within(eval(inner, s), range)) {
        ++left_.dropped;
        // Would it be dropped without the launch assumption?
        launch_terms_ = false;
        if (!within(eval(inner, s), range)) left_.launch_assumed = true;
        launch_terms_ = true;
        return inner;
      }
      if (assumed(*w)) {
        ++left_.assumed;
        return inner;
      }
      if (in_update_ || (w->is_signed && counter_plus_constant(inner))) {
        ++left_.loop_updates_assumed;
        return inner;
      }
      expr::collect_vars(inner, left_.variables);
      return inner == w->value ? e : expr::wrap(inner, w->bits, w->is_signed);
    }
    switch (e->kind) {
      case ExprNode::Kind::Int:
      case ExprNode::Kind::Bool:
      case ExprNode::Kind::Var:
        return e;
      case ExprNode::Kind::Unary: {
        Expr a = simplify(e->a, s);
        return a == e->a ? e : expr::unary(e->unop, a);
      }
      case ExprNode::Kind::Binary: {
        Expr a = simplify(e->a, s), b = simplify(e->b, s);
        return a == e->a && b == e->b ? e : expr::binary(e->binop, a, b);
      }
      case ExprNode::Kind::Ite: {
        Expr a = simplify(e->a, s), b = simplify(e->b, s), c = simplify(e->c, s);
        return a == e->a && b == e->b && c == e->c ? e : expr::ite(a, b, c);
      }
    }
    return e;
  }

  // ---- statements

  struct LoopExits {
    std::optional<State> breaks, continues;
  };

  void value(Expr& e, const State& s) {
    if (rewrite_) e = simplify(e, s);
  }
  void location(Location& l, const State& s) {
    for (auto& i : l.index) value(i, s);
  }
  static void forget(State& s, const std::string& v) {
    if (v.empty()) return;
    s.erase(v);
    s.erase(alias_key(v));
  }

  // The variables a statement reads or assigns, nested code included, and
  // whether it holds a break or continue. Not a return: it ends its path
  // (no state), so an if that returns runs on its variables alone like any
  // other; taking the whole state at each of n early returns copied every
  // variable's range n times (issue 18).
  struct Footprint {
    std::unordered_set<std::string> vars;
    bool jumps = false;
  };
  static void add_footprint(const Stmt& st, Footprint& f) {
    for_each_own_read(st, [&](const std::string& v) { f.vars.insert(v); });
    if (std::string v = own_assigned_variable(st); !v.empty()) f.vars.insert(std::move(v));
    f.jumps = f.jumps || st.is<Break>() || st.is<Continue>();
    for_each_nested_block(st, [&](const Block& b) {
      for (const auto& inner : b) add_footprint(inner, f);
    });
  }

  // An if or a loop changes and reads only the variables it mentions: the
  // others keep their ranges through it (a condition refines only its own
  // variables; a join or widening of two equal ranges is that range). So
  // it runs on those variables alone, taken out of the state and put back
  // after: copying, joining and comparing every variable's range at each
  // if and each loop trip made n guarded statements or n loops cost n^2
  // (issue 18). Not an if that jumps: a break or continue records its
  // whole state for the loop around.
  static State take(State& s, const Footprint& f) {
    State part;
    for (const auto& v : f.vars)
      for (const std::string& key : {v, alias_key(v)})
        if (auto it = s.find(key); it != s.end()) part.insert(s.extract(it));
    return part;
  }
  static std::optional<State> put_back(State rest, std::optional<State> part) {
    if (!part) return std::nullopt;
    rest.merge(*part);  // part's variables were taken out of rest: none is left behind
    return rest;
  }

  std::optional<State> block(Block& b, std::optional<State> s) {
    for (auto& st : b) {
      if (!s) return s;
      s = stmt(st, std::move(*s));
    }
    return s;
  }

  std::optional<State> stmt(Stmt& st, State s) {
    return std::visit(
        Overloaded{
            [&](Assign& a) -> std::optional<State> {
              value(a.value, s);
              if (a.value && !expr::is_bool(a.value)) store(s, a.var, eval(a.value, s));
              else s.erase(a.var);
              set_alias(s, a.var, a.value);
              return std::move(s);
            },
            [&](Load& l) -> std::optional<State> {
              location(l.at, s);
              forget(s, l.var);
              return std::move(s);
            },
            [&](Store& w) -> std::optional<State> {
              location(w.at, s);
              // A value stored to memory keeps its exact wrap: only
              // indices and control need the assumption.
              stored_value_ = true;
              value(w.value, s);
              stored_value_ = false;
              return std::move(s);
            },
            [&](Atomic& a) -> std::optional<State> {
              location(a.at, s);
              for (auto& o : a.operands) value(o, s);
              forget(s, a.var);
              return std::move(s);
            },
            [&](Fence&) -> std::optional<State> { return std::move(s); },
            [&](Barrier& b) -> std::optional<State> {
              value(b.id, s);
              value(b.count, s);
              forget(s, b.var);
              return std::move(s);
            },
            [&](If& i) -> std::optional<State> {
              Footprint f;
              add_footprint(st, f);
              State part = f.jumps ? std::move(s) : take(s, f);
              value(i.cond, part);
              auto t = block(i.then_body, refine(part, i.cond, true));
              auto e = block(i.else_body, refine(part, i.cond, false));
              return f.jumps ? join(t, e) : put_back(std::move(s), join(t, e));
            },
            [&](Loop& l) -> std::optional<State> {
              Footprint f;
              add_footprint(st, f);
              return loop(l, std::move(s), f);
            },
            [&](Break&) -> std::optional<State> {
              if (!loops_.empty()) loops_.back().breaks = join(loops_.back().breaks, s);
              return std::nullopt;
            },
            [&](Continue&) -> std::optional<State> {
              if (!loops_.empty()) loops_.back().continues = join(loops_.back().continues, s);
              return std::nullopt;
            },
            [&](Return&) -> std::optional<State> { return std::nullopt; },
            [&](Assert& a) -> std::optional<State> {
              value(a.cond, s);
              return std::move(s);
            },
            [&](Assume& a) -> std::optional<State> {
              value(a.cond, s);
              return refine(s, a.cond, true);
            },
            [&](Unsupported&) -> std::optional<State> { return std::move(s); },
        },
        st.node);
  }

  // One trip: from the loop head's state to the next head's, and the
  // states that leave the loop.
  struct Trip {
    std::optional<State> next, exit;
  };
  // The counters whose test plus a constant the loop-counter assumption
  // covers: the variables the loop's update assigns (none without it).
  std::set<std::string> counters_of(const Loop& l) const {
    std::set<std::string> counters;
    if (facts_.assume_loop_updates_fit) assigned_variables(l.update, counters);
    return counters;
  }

  // A state where the loop's test is `truth`: its counters plus constants
  // under the loop-counter assumption, as the rewritten test reads them.
  std::optional<State> test(const Loop& l, const State& s, bool truth) {
    std::set<std::string> counters = counters_of(l);
    counters_ = &counters;
    std::optional<State> r = refine(s, l.cond, truth);
    counters_ = nullptr;
    return r;
  }

  Trip trip(Loop& l, const State& head) {
    loops_.push_back({});
    std::optional<State> entry = l.test_first ? test(l, head, true) : std::optional<State>(head);
    std::optional<State> after = block(l.body, entry);
    after = join(after, loops_.back().continues);
    // A for loop's update is assumed not to overflow its counter
    // (RangeFacts): `i += stride` stays a loop racecert recognizes.
    in_update_ = facts_.assume_loop_updates_fit;
    after = block(l.update, after);
    in_update_ = false;
    LoopExits exits = loops_.back();
    loops_.pop_back();
    Trip t;
    if (l.test_first) {
      t.next = after;
      t.exit = join(test(l, head, false), exits.breaks);
    } else {
      t.next = after ? test(l, *after, true) : std::nullopt;
      t.exit = join(after ? test(l, *after, false) : std::nullopt, exits.breaks);
    }
    return t;
  }

  static State widen(const State& old, const State& now) {
    State r;
    for (const auto& [n, v] : now) {
      auto o = old.find(n);
      if (o == old.end()) continue;
      Iv w = o->second;
      if (v.lo < w.lo) w.lo = -kInf;
      if (v.hi > w.hi) w.hi = kInf;
      r[n] = w;
    }
    return r;
  }

  // A break or continue in the loop is the loop's own: the loop runs on
  // the variables it mentions (`f`) whatever it holds.
  std::optional<State> loop(Loop& l, State s, const Footprint& f) {
    std::optional<State> init = block(l.init, std::move(s));
    if (!init) return init;
    bool rewrite = rewrite_;
    rewrite_ = false;
    State head = take(*init, f);
    for (int i = 0;; ++i) {
      Trip t = trip(l, head);
      auto next = join(head, t.next);
      State n = next ? *next : head;
      if (i >= 2) n = widen(head, n);
      if (n == head || i > 12) break;  // i > 12: cannot happen after widening; a guard
      head = std::move(n);
    }
    rewrite_ = rewrite;
    if (rewrite_) {
      // The test of a counter plus a constant (`i + 1 < n`) shares the
      // counter's assumption: a signed `i + 1` that overflowed would be
      // undefined behaviour, and with its wrap kept the loop is not one
      // racecert counts (its counter would be unknown in every iteration).
      std::set<std::string> counters = counters_of(l);
      counters_ = &counters;
      value(l.cond, head);
      counters_ = nullptr;
    }
    return put_back(std::move(*init), trip(l, head).exit);
  }

  WrapsLeft run(Kernel& k) {
    find_inputs(k);
    State s;
    rewrite_ = true;
    // The preconditions hold from the start; each is simplified where they
    // all hold (within the declared ranges, which the solver gets too).
    for (const auto& p : k.preconditions)
      if (auto r = refine(s, p, true)) s = *r;
    for (auto& p : k.preconditions) value(p, s);
    block(k.body, s);
    return left_;
  }

 private:
  const RangeFacts& facts_;
  std::vector<LoopExits> loops_;
  std::unordered_set<std::string> inputs_;
  bool rewrite_ = false;
  bool in_update_ = false;     // in a loop's update block
  const std::set<std::string>* counters_ = nullptr;  // in a loop's test: the variables its update assigns
  bool stored_value_ = false;  // in the value of a store
  bool launch_terms_ = true;   // the launch assumption's ranges apply
  WrapsLeft left_;
};

}  // namespace

WrapsLeft remove_redundant_wraps(Kernel& k, const RangeFacts& facts) { return Analysis(facts).run(k); }

IntRange range_of(const Expr& e, const std::map<std::string, IntRange>& vars, const RangeFacts& facts) {
  State s;
  for (const auto& [n, r] : vars) s[n] = from(r);
  return to_range(Analysis(facts).eval(e, s));
}

}  // namespace racecert::kir
