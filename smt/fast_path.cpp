#include "smt/fast_path.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <unordered_set>
#include <utility>
#include <set>
#include <vector>

#include "protocol/interpreter.hpp"

namespace racecert::smt {

using namespace transform;
using protocol::BinOp;
using protocol::ExprNode;

namespace {

// 128 bits, every coefficient and bound kept under 2^62, so that the
// product of two (or of one and an int64 bound) cannot overflow; a term
// beyond that gives up.
using Int = __int128;
constexpr Int kLimit = Int{1} << 62;

bool in_limit(Int x) { return x < kLimit && x > -kLimit; }

// std::gcd does not take __int128 in strict mode.
Int gcd(Int a, Int b) {
  while (b != 0) a = std::exchange(b, a % b);
  return a;
}

struct Affine {
  std::map<std::string, Int> coef;  // variable (trace name) -> coefficient, none zero
  Int constant = 0;
};

// An index known up to a modulus: the index is congruent to `form` modulo
// `modulus`, or equal to it when the modulus is 0. A wrapped index (`(t +
// 64 * k) & (2^32 - 1)`, C's `%` by a constant) is congruent to what it
// wraps; two equal indices are then congruent modulo the gcd of their
// moduli (gcd(0, m) = m: an exact form is congruent modulo anything).
struct Congruence {
  Affine form;
  Int modulus = 0;
};

struct Range {
  std::optional<Int> lo, hi;
};

class FastPath {
 public:
  explicit FastPath(const SymbolicTrace& t) : t_(t) {
    for (const auto& v : t.vars) {
      std::string neutral = v.name;
      std::string suffix = "@";
      suffix += std::to_string(v.thread);
      if (v.thread != 0) {
        if (neutral.size() <= suffix.size() || neutral.compare(neutral.size() - suffix.size(), suffix.size(), suffix) != 0)
          unnamed_ = true;  // a per-thread variable not named `x@t`: give up
        neutral.resize(neutral.size() - std::min(neutral.size(), suffix.size()));
      }
      vars_[v.name] = VarInfo{neutral, v.thread, {}};
    }
    std::vector<protocol::Expr> atoms;
    for (const auto& a : t.assumptions) flatten(a, atoms);
    // Variables the assumptions fix (blockDim.x == 64) become constants,
    // as in the query (propagate_constants): products with them are linear.
    for (const auto& a : atoms)
      if (a->kind == ExprNode::Kind::Binary && a->binop == BinOp::Eq) {
        const protocol::Expr *v = &a->a, *c = &a->b;
        if ((*v)->kind != ExprNode::Kind::Var) std::swap(v, c);
        if ((*v)->kind == ExprNode::Kind::Var && (*c)->kind == ExprNode::Kind::Int) fixed_.emplace((*v)->name, (*c)->value);
      }
    for (const auto& a : atoms) {
      bound(a);
      symbolic_bound(a);
    }
    for (const auto& [name, value] : fixed_) narrow(name, value, value);
  }

  std::optional<std::string> decide() {
    if (unnamed_) return std::nullopt;
    const auto& first_view = t_.accesses.empty() ? protocol::AccessView{1, 1} : t_.accesses.front().view;
    struct Shape {
      int thread;
      protocol::AccessMode mode;
      std::vector<Congruence> index;
    };
    // Accesses with the same mode and the same index up to the thread's
    // copy of each variable are one shape: unrolled code has few shapes,
    // so the pairs below stay few however many accesses a phase has.
    std::map<std::string, Shape> shapes;
    // An access whose index is made of the very nodes of one already
    // shaped, with the same thread and mode, has its shape: unrolled code
    // shares its index nodes (`a[tid]`), and the shape's key is strings
    // (issue 18: the keys were 5 % of the check of a phase of 8,000
    // accesses).
    std::unordered_set<SeenAccess, SeenAccessHash> seen;
    for (const auto& a : t_.accesses) {
      if (a.view != first_view || a.view.width != a.view.unit) return std::nullopt;  // byte ranges: Z3
      if (protocol::is_false(a.guard)) continue;
      if (a.index.size() <= kMaxSeenDims) {
        SeenAccess id{a.thread, static_cast<int>(a.mode), {}};
        for (std::size_t d = 0; d < a.index.size(); ++d) id.index[d] = a.index[d].get();
        if (!seen.insert(id).second) continue;
      }
      Shape s{a.thread, a.mode, {}};
      std::string key = std::to_string(a.thread) + ":" + std::to_string(static_cast<int>(a.mode));
      for (const auto& i : a.index) {
        auto f = congruence(i);
        if (!f) return std::nullopt;
        // The shape forgets which thread's copy a variable is: an access
        // naming the other thread's copy (never made by sequentialization)
        // would be confused with its own.
        for (const auto& [name, k] : f->form.coef)
          if (vars_.at(name).thread != 0 && vars_.at(name).thread != a.thread) return std::nullopt;
        key += "|" + neutral_key(f->form) + "%" + str(f->modulus);
        s.index.push_back(std::move(*f));
      }
      if (shapes.size() > kMaxShapes) return std::nullopt;
      shapes.emplace(std::move(key), std::move(s));
    }
    std::set<std::string> reasons;
    for (const auto& [k1, s1] : shapes) {
      if (s1.thread != 1) continue;
      for (const auto& [k2, s2] : shapes) {
        if (s2.thread != 2 || !protocol::modes_conflict(s1.mode, s2.mode, t_.cross_block)) continue;
        if (s1.index.size() != s2.index.size()) return std::nullopt;
        std::optional<std::string> why;
        for (std::size_t d = 0; d < s1.index.size() && !why; ++d) why = distinct(s1.index[d], s2.index[d]);
        if (!why) return std::nullopt;
        reasons.insert(*why);
      }
    }
    if (reasons.empty()) return std::string("no two accesses can conflict");
    std::string out;
    for (const auto& r : reasons) {
      if (!out.empty()) out += "; ";
      out += r;
    }
    return out;
  }

 private:
  static constexpr std::size_t kMaxShapes = 256;

  // An access by its thread, mode and index nodes (unused dimensions null).
  static constexpr std::size_t kMaxSeenDims = 3;
  struct SeenAccess {
    int thread;
    int mode;
    std::array<const ExprNode*, kMaxSeenDims> index;
    bool operator==(const SeenAccess&) const = default;
  };
  struct SeenAccessHash {
    std::size_t operator()(const SeenAccess& s) const {
      std::size_t h = std::hash<int>()(s.thread * 31 + s.mode);
      for (const ExprNode* n : s.index) h = h * 1000003u ^ std::hash<const ExprNode*>()(n);
      return h;
    }
  };

  static constexpr std::size_t kMaxProductTerms = 16;

  // A variable of the trace, or a product of them (a term of an affine
  // form, as `blockIdx.x * blockDim.x` is while the launch leaves
  // blockDim.x free). A product has at most one per-thread factor: it is
  // that thread's, or uniform, the same value in both threads' indices.
  struct VarInfo {
    std::string neutral;  // the name without its thread's `@t` (a product: its factors', joined by '*')
    int thread = 0;
    std::vector<std::string> factors;  // a product's factors (trace names), by neutral name; empty for a variable
  };

  const SymbolicTrace& t_;
  // Products join as linear() meets them: mutable, as linear() is a
  // reading of the trace.
  mutable std::map<std::string, VarInfo> vars_;
  std::map<std::string, std::int64_t> fixed_;
  std::map<std::string, Range> ranges_;
  // v -> the uniform variables u with v < u in the assumptions
  // (`threadIdx.x@1 < blockDim.x`): bounds no constant range states.
  std::map<std::string, std::set<std::string>> below_;
  bool unnamed_ = false;

  static void flatten(const protocol::Expr& e, std::vector<protocol::Expr>& out) {
    if (e->kind == ExprNode::Kind::Binary && e->binop == BinOp::And) {
      flatten(e->a, out);
      flatten(e->b, out);
    } else {
      out.push_back(e);
    }
  }

  void narrow(const std::string& v, std::optional<Int> lo, std::optional<Int> hi) {
    Range& r = ranges_[v];
    if (lo && (!r.lo || *lo > *r.lo)) r.lo = lo;
    if (hi && (!r.hi || *hi < *r.hi)) r.hi = hi;
  }

  // `v op c` or `c op v` (after fixing): a bound of v.
  void bound(const protocol::Expr& a) {
    if (a->kind != ExprNode::Kind::Binary) return;
    BinOp op = a->binop;
    if (op != BinOp::Lt && op != BinOp::Le && op != BinOp::Gt && op != BinOp::Ge && op != BinOp::Eq) return;
    auto l = linear(a->a), r = linear(a->b);
    if (!l || !r) return;
    auto single = [](const Affine& f) { return f.coef.size() == 1 && f.coef.begin()->second == 1 && f.constant == 0; };
    if (single(*r) && l->coef.empty()) {  // c op v: v op' c
      std::swap(l, r);
      op = op == BinOp::Lt ? BinOp::Gt : op == BinOp::Le ? BinOp::Ge : op == BinOp::Gt ? BinOp::Lt
         : op == BinOp::Ge ? BinOp::Le : op;
    }
    if (!single(*l) || !r->coef.empty()) return;
    const std::string& v = l->coef.begin()->first;
    Int c = r->constant;
    switch (op) {
      case BinOp::Lt: narrow(v, std::nullopt, c - 1); break;
      case BinOp::Le: narrow(v, std::nullopt, c); break;
      case BinOp::Gt: narrow(v, c + 1, std::nullopt); break;
      case BinOp::Ge: narrow(v, c, std::nullopt); break;
      case BinOp::Eq: narrow(v, c, c); break;
      default: break;
    }
  }

  // `v < u`, `v <= u - 1`, `u > v`, `u - 1 >= v` for a uniform variable u.
  void symbolic_bound(const protocol::Expr& a) {
    if (a->kind != ExprNode::Kind::Binary) return;
    auto l = linear(a->a), r = linear(a->b);
    if (!l || !r) return;
    std::optional<Affine> gap;  // u - v when the atom says u - v > 0
    switch (a->binop) {
      case BinOp::Lt: gap = add(*r, *scale(*l, -1)); break;
      case BinOp::Gt: gap = add(*l, *scale(*r, -1)); break;
      case BinOp::Le: gap = add(*r, *scale(*l, -1)); if (gap) gap->constant += 1; break;
      case BinOp::Ge: gap = add(*l, *scale(*r, -1)); if (gap) gap->constant += 1; break;
      default: return;
    }
    if (!gap || gap->constant != 0 || gap->coef.size() != 2) return;
    std::string u, v;
    for (const auto& [name, k] : gap->coef) {
      if (k == 1) u = name;
      if (k == -1) v = name;
    }
    if (u.empty() || v.empty() || vars_.at(u).thread != 0 || !vars_.at(u).factors.empty()) return;
    below_[v].insert(u);
  }

  // The term for the product of terms x and y (variables or products);
  // nullopt when it would have two per-thread factors.
  std::optional<std::string> product_term(const std::string& x, const std::string& y) const {
    std::vector<std::string> factors;
    for (const std::string* t : {&x, &y}) {
      const VarInfo& i = vars_.at(*t);
      if (i.factors.empty()) factors.push_back(*t);
      else factors.insert(factors.end(), i.factors.begin(), i.factors.end());
    }
    std::sort(factors.begin(), factors.end(), [&](const std::string& p, const std::string& q) {
      return std::pair(vars_.at(p).neutral, p) < std::pair(vars_.at(q).neutral, q);
    });
    VarInfo info;
    std::string name;
    for (const auto& f : factors) {
      const VarInfo& i = vars_.at(f);
      if (i.thread != 0) {
        if (info.thread != 0) return std::nullopt;
        info.thread = i.thread;
      }
      if (!name.empty()) {
        name += '*';
        info.neutral += '*';
      }
      name += f;
      info.neutral += i.neutral;
    }
    info.factors = std::move(factors);
    vars_.emplace(name, std::move(info));
    return name;
  }

  // a * b, distributed over their terms.
  std::optional<Affine> multiply(const Affine& a, const Affine& b) const {
    if (a.coef.size() * b.coef.size() > kMaxProductTerms) return std::nullopt;
    Affine b_terms = b;
    b_terms.constant = 0;
    auto out = scale(a, b.constant);
    auto cross = scale(b_terms, a.constant);
    if (!out || !cross || !(out = add(*out, *cross))) return std::nullopt;
    for (const auto& [x, kx] : a.coef)
      for (const auto& [y, ky] : b.coef) {
        auto term = product_term(x, y);
        Int k = kx * ky;  // each under 2^62: the product fits in 128 bits
        if (!term || !in_limit(k) || !(out = add(*out, Affine{{{*term, k}}, 0}))) return std::nullopt;
      }
    return out;
  }

  // e as an affine form over the trace's variables and their products,
  // the fixed ones replaced by their values; nullopt when it is not.
  std::optional<Affine> linear(const protocol::Expr& e) const {
    switch (e->kind) {
      case ExprNode::Kind::Int: return Affine{{}, e->value};
      case ExprNode::Kind::Var: {
        if (auto f = fixed_.find(e->name); f != fixed_.end()) return Affine{{}, f->second};
        if (!vars_.count(e->name)) return std::nullopt;
        return Affine{{{e->name, 1}}, 0};
      }
      case ExprNode::Kind::Unary: {
        if (e->unop != protocol::UnOp::Neg) return std::nullopt;
        auto a = linear(e->a);
        if (!a) return std::nullopt;
        return scale(*a, -1);
      }
      case ExprNode::Kind::Binary: {
        if (e->binop != BinOp::Add && e->binop != BinOp::Sub && e->binop != BinOp::Mul) return std::nullopt;
        auto a = linear(e->a), b = linear(e->b);
        if (!a || !b) return std::nullopt;
        if (e->binop == BinOp::Mul) {
          if (a->coef.empty()) return scale(*b, a->constant);
          if (b->coef.empty()) return scale(*a, b->constant);
          return multiply(*a, *b);
        }
        return add(*a, e->binop == BinOp::Add ? *b : *scale(*b, -1));
      }
      case ExprNode::Kind::Bool:
      case ExprNode::Kind::Ite: return std::nullopt;
    }
    return std::nullopt;
  }

  // e as a congruence over the trace's variables: linear() where e is
  // affine; through masks with 2^k - 1 (C's wraps, expr::wrap, and the
  // user's own), `%` by a positive constant (truncating or not, the
  // remainder is congruent to the dividend), sums, differences, negations
  // and constant multiples of such; nullopt otherwise.
  std::optional<Congruence> congruence(const protocol::Expr& e) const {
    if (auto f = linear(e)) return Congruence{std::move(*f), 0};
    auto modulus_of = [](const protocol::Expr& c, bool mask) -> Int {
      if (c->kind != ExprNode::Kind::Int || c->value <= 0) return 0;
      Int m = mask ? Int{c->value} + 1 : Int{c->value};
      if (mask && (m & (m - 1)) != 0) return 0;  // not 2^k - 1
      return in_limit(m) ? m : 0;
    };
    switch (e->kind) {
      case ExprNode::Kind::Unary: {
        if (e->unop != protocol::UnOp::Neg) return std::nullopt;
        auto a = congruence(e->a);
        if (!a) return std::nullopt;
        return Congruence{*scale(a->form, -1), a->modulus};
      }
      case ExprNode::Kind::Binary: {
        if (e->binop == BinOp::BitAnd || e->binop == BinOp::Mod) {
          bool mask = e->binop == BinOp::BitAnd;
          const protocol::Expr* x = &e->a;
          Int m = modulus_of(e->b, mask);
          if (m == 0 && mask) {
            m = modulus_of(e->a, mask);
            x = &e->b;
          }
          if (m == 0) return std::nullopt;
          auto inner = congruence(*x);
          if (!inner) return std::nullopt;
          return Congruence{std::move(inner->form), gcd(inner->modulus, m)};
        }
        if (e->binop != BinOp::Add && e->binop != BinOp::Sub && e->binop != BinOp::Mul) return std::nullopt;
        auto a = congruence(e->a), b = congruence(e->b);
        if (!a || !b) return std::nullopt;
        if (e->binop == BinOp::Mul) {
          // c * x with x known modulo m is known modulo |c| * m.
          const Congruence *c = &*a, *x = &*b;
          if (!c->form.coef.empty() || c->modulus != 0) std::swap(c, x);
          if (!c->form.coef.empty() || c->modulus != 0) return std::nullopt;
          Int k = c->form.constant;
          auto f = scale(x->form, k);
          Int m = x->modulus * (k < 0 ? -k : k);
          if (!f || !in_limit(m)) return std::nullopt;
          return Congruence{std::move(*f), m};
        }
        auto f = add(a->form, e->binop == BinOp::Add ? b->form : *scale(b->form, -1));
        if (!f) return std::nullopt;
        return Congruence{std::move(*f), gcd(a->modulus, b->modulus)};
      }
      case ExprNode::Kind::Int:
      case ExprNode::Kind::Var:
      case ExprNode::Kind::Bool:
      case ExprNode::Kind::Ite: return std::nullopt;  // linear() took the affine ones
    }
    return std::nullopt;
  }

  static std::optional<Affine> scale(const Affine& a, Int c) {
    if (!in_limit(c)) return std::nullopt;
    Affine out;
    out.constant = a.constant * c;
    if (!in_limit(out.constant)) return std::nullopt;
    for (const auto& [v, k] : a.coef) {
      Int p = k * c;
      if (!in_limit(p)) return std::nullopt;
      if (p != 0) out.coef[v] = p;
    }
    return out;
  }

  static std::optional<Affine> add(const Affine& a, const Affine& b) {
    Affine out = a;
    out.constant += b.constant;
    if (!in_limit(out.constant)) return std::nullopt;
    for (const auto& [v, k] : b.coef) {
      Int s = out.coef[v] + k;
      if (!in_limit(s)) return std::nullopt;
      if (s == 0) out.coef.erase(v);
      else out.coef[v] = s;
    }
    return out;
  }

  static std::string str(Int x) {
    bool negative = x < 0;
    std::string s;
    do {
      int digit = static_cast<int>(x % 10);
      s += static_cast<char>('0' + (digit < 0 ? -digit : digit));
      x /= 10;
    } while (x != 0);
    if (negative) s += '-';
    return std::string(s.rbegin(), s.rend());
  }

  std::string neutral_key(const Affine& f) const {
    std::map<std::string, Int> by_neutral;
    for (const auto& [v, k] : f.coef) by_neutral[vars_.at(v).neutral + (vars_.at(v).thread ? "@" : "")] = k;
    std::string key = str(f.constant);
    for (const auto& [v, k] : by_neutral) {
      key += '+';
      key += str(k);
      key += '*';
      key += v;
    }
    return key;
  }

  Range range(const std::string& v) const {
    auto it = ranges_.find(v);
    return it == ranges_.end() ? Range{} : it->second;
  }

  static bool is_thread_id(const std::string& neutral) {
    static const std::set<std::string> ids{"threadIdx.x", "threadIdx.y", "threadIdx.z",
                                           "blockIdx.x",  "blockIdx.y",  "blockIdx.z"};
    return ids.count(neutral) > 0;
  }

  // Why index a@1 and index b@2 always differ; nullopt when not shown.
  std::optional<std::string> distinct(const Congruence& x, const Congruence& y) const {
    if (x.modulus != 0 || y.modulus != 0) return distinct_modulo(x.form, y.form, gcd(x.modulus, y.modulus));
    const Affine &a = x.form, &b = y.form;
    auto d = add(a, *scale(b, -1));
    if (!d) return std::nullopt;
    if (d->coef.empty())
      return d->constant != 0 ? std::optional<std::string>("distinct constant indices") : std::nullopt;
    // The interval of the difference.
    Int lo = d->constant, hi = d->constant;
    bool bounded = true;
    for (const auto& [v, k] : d->coef) {
      Range r = range(v);
      if (!r.lo || !r.hi) {
        bounded = false;
        break;
      }
      if (!in_limit(*r.lo) || !in_limit(*r.hi)) {
        bounded = false;
        break;
      }
      lo += k > 0 ? k * *r.lo : k * *r.hi;
      hi += k > 0 ? k * *r.hi : k * *r.lo;
      if (!in_limit(lo) || !in_limit(hi)) {
        bounded = false;
        break;
      }
    }
    if (bounded && (lo > 0 || hi < 0)) return "ranges that cannot meet";
    // No integer solution at all.
    Int g = 0;
    for (const auto& [v, k] : d->coef) g = gcd(g, k < 0 ? -k : k);
    if (g > 1 && d->constant % g != 0) return "indices that differ modulo " + str(g);
    return thread_injective(a, b, *d);
  }

  // Why a@1 and b@2 are never congruent modulo m (m > 0), which equal
  // indices known only modulo m would be; nullopt when not shown. Let g be
  // the gcd of m and the coefficients of every variable in D = a - b that is
  // not a thread-id component: modulo g those terms vanish. D's constant
  // not a multiple of gcd(g, the thread-id coefficients) leaves no
  // solution. Else, with the same thread-id coefficients in a and b, D's
  // constant a multiple of g, and the thread-id terms a mixed radix (as in
  // thread_injective) whose whole difference stays within (-g, g), a
  // congruence modulo g makes that difference 0, hence the same thread.
  std::optional<std::string> distinct_modulo(const Affine& a, const Affine& b, Int m) const {
    auto d = add(a, *scale(b, -1));
    if (!d) return std::nullopt;
    Int g = m, all = m;
    for (const auto& [v, k] : d->coef) {
      Int magnitude = k < 0 ? -k : k;
      all = gcd(all, magnitude);
      if (!is_thread_id(vars_.at(v).neutral) || vars_.at(v).thread == 0) g = gcd(g, magnitude);
    }
    if (d->constant % all != 0) return "indices that differ modulo " + str(all);
    if (d->constant % g != 0) return std::nullopt;
    std::map<std::string, Int> ca, cb;
    for (const auto& [v, k] : a.coef)
      if (vars_.at(v).thread == 1 && is_thread_id(vars_.at(v).neutral)) ca[vars_.at(v).neutral] = k;
    for (const auto& [v, k] : b.coef)
      if (vars_.at(v).thread == 2 && is_thread_id(vars_.at(v).neutral)) cb[vars_.at(v).neutral] = k;
    if (ca != cb || ca.empty()) return std::nullopt;
    if (!identity_fixed_outside(ca)) return std::nullopt;
    auto reach = mixed_radix_reach(ca);
    if (!reach || *reach >= g) return std::nullopt;
    return "affine in the thread id modulo " + str(g);
  }

  // Every component of the thread's identity without a coefficient in `c`
  // is the same in both threads: fixed by its range (or uniform in the trace).
  bool identity_fixed_outside(const std::map<std::string, Int>& c) const {
    for (const auto& [name, info] : vars_) {
      if (info.thread == 0 || !is_thread_id(info.neutral) || c.count(info.neutral)) continue;
      Range r = range(name);
      if (!r.lo || !r.hi || *r.lo != *r.hi) return false;
    }
    return true;
  }

  // The most |sum_v c_v * (v@1 - v@2)| can be when the c_v are a mixed
  // radix (sorted by magnitude, each exceeds the most the smaller terms can
  // add up to) over bounded components; nullopt when they are not, or a
  // component is unbounded.
  std::optional<Int> mixed_radix_reach(const std::map<std::string, Int>& c) const {
    std::vector<std::pair<Int, std::string>> terms;
    for (const auto& [v, k] : c) terms.emplace_back(k < 0 ? -k : k, v);
    std::sort(terms.begin(), terms.end());
    Int reach = 0;
    for (const auto& [k, v] : terms) {
      if (k <= reach) return std::nullopt;
      Range r1 = range(v + "@1"), r2 = range(v + "@2");
      if (!r1.lo || !r1.hi || !r2.lo || !r2.hi || !in_limit(*r1.lo) || !in_limit(*r1.hi) || !in_limit(*r2.lo) ||
          !in_limit(*r2.hi))
        return std::nullopt;
      reach += k * std::max<Int>(std::max(*r1.hi - *r2.lo, *r2.hi - *r1.lo), 0);
      if (!in_limit(reach)) return std::nullopt;
    }
    return reach;
  }

  // The terms, the same in both threads, are k1 * x + k2 * u * y: thread-id
  // components x and y, a uniform variable u with 0 <= x < u in both
  // threads and u >= 1, and |k1| <= |k2| (`blockIdx.x * blockDim.x +
  // threadIdx.x` with blockDim.x free). Equal indices give k1 * (x@1 - x@2)
  // = k2 * u * (y@2 - y@1), whose left side stays below |k1| * u <= |k2| * u
  // in size: both sides are 0, so x and y agree, and every other component
  // is fixed. nullopt for any other shape.
  std::optional<std::string> block_radix(const std::map<std::string, Int>& c,
                                         const std::map<std::string, std::string>& name1,
                                         const std::map<std::string, std::string>& name2) const {
    if (c.size() != 2) return std::nullopt;
    std::string x, product;
    for (const auto& [neutral, k] : c) (vars_.at(name1.at(neutral)).factors.empty() ? x : product) = neutral;
    if (x.empty() || product.empty() || !is_thread_id(x)) return std::nullopt;
    const std::vector<std::string>& factors = vars_.at(name1.at(product)).factors;
    if (factors.size() != 2) return std::nullopt;
    std::string u, y;  // y: the neutral name of the product's thread-id component
    for (const auto& f : factors) (vars_.at(f).thread == 0 ? u : y) = f;
    if (u.empty() || y.empty() || !vars_.at(u).factors.empty()) return std::nullopt;
    y = vars_.at(y).neutral;
    if (!is_thread_id(y) || y == x) return std::nullopt;
    auto magnitude = [](Int k) { return k < 0 ? -k : k; };
    if (magnitude(c.at(x)) > magnitude(c.at(product))) return std::nullopt;
    auto within = [&](const std::string& v) {
      auto b = below_.find(v);
      Range r = range(v);
      return b != below_.end() && b->second.count(u) && r.lo && *r.lo >= 0;
    };
    Range ru = range(u);
    if (!ru.lo || *ru.lo < 1 || !within(name1.at(x)) || !within(name2.at(x))) return std::nullopt;
    if (!identity_fixed_outside({{x, 1}, {y, 1}})) return std::nullopt;
    return "affine and injective in the thread id (block-sized radix)";
  }

  // a and b use every variable with the same coefficient, per-thread
  // variables only, and the sum is injective in the thread's identity.
  std::optional<std::string> thread_injective(const Affine& a, const Affine& b, const Affine& d) const {
    if (d.constant != 0) return std::nullopt;
    std::map<std::string, Int> ca, cb;
    std::map<std::string, std::string> name1, name2;  // neutral -> each thread's term
    bool products = false;
    for (const auto& [v, k] : a.coef) {
      const VarInfo& i = vars_.at(v);
      if (i.thread != 1) continue;  // a uniform one cancels against b's (d has none left)
      ca[i.neutral] = k;
      name1[i.neutral] = v;
      products = products || !i.factors.empty();
    }
    for (const auto& [v, k] : b.coef) {
      const VarInfo& i = vars_.at(v);
      if (i.thread != 2) continue;
      cb[i.neutral] = k;
      name2[i.neutral] = v;
    }
    if (ca != cb || ca.empty()) return std::nullopt;
    for (const auto& [v, k] : d.coef)
      if (vars_.at(v).thread == 0) return std::nullopt;
    if (products) return block_radix(ca, name1, name2);
    if (!identity_fixed_outside(ca)) return std::nullopt;
    // Mixed radix: sorted by magnitude, each coefficient exceeds the most
    // the smaller terms' differences can add up to.
    std::vector<std::pair<Int, std::string>> terms;
    for (const auto& [v, k] : ca) terms.emplace_back(k < 0 ? -k : k, v);
    std::sort(terms.begin(), terms.end());
    Int reach = 0;
    bool unbounded = false;
    for (std::size_t i = 0; i < terms.size(); ++i) {
      if (unbounded || terms[i].first <= reach) return std::nullopt;
      Range r1 = range(terms[i].second + "@1"), r2 = range(terms[i].second + "@2");
      if (!r1.lo || !r1.hi || !r2.lo || !r2.hi || !in_limit(*r1.lo) || !in_limit(*r1.hi) || !in_limit(*r2.lo) ||
          !in_limit(*r2.hi)) {
        unbounded = true;  // only the largest term may range freely
        continue;
      }
      Int span = std::max(*r1.hi - *r2.lo, *r2.hi - *r1.lo);
      reach += terms[i].first * std::max<Int>(span, 0);
      if (!in_limit(reach)) unbounded = true;
    }
    return terms.size() == 1 ? "affine in the thread id" : "affine and injective in the thread id (mixed radix)";
  }
};

}  // namespace

std::optional<std::string> decide_without_solver(const SymbolicTrace& t) { return FastPath(t).decide(); }

}  // namespace racecert::smt
