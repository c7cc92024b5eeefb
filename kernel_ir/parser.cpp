// The kernel IR's text form in Boost.Spirit X3: the inverse of printer.cpp.
// Semantic actions build IR nodes directly. Alternatives that begin like an
// assignment (`x = load ...`, a variable named `loop`) backtrack; once a
// statement is certain its parts are expected, so errors point at the part.
#include "kernel_ir/parser.hpp"

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/fusion/include/at_c.hpp>
#include <boost/optional.hpp>
#include <boost/spirit/home/x3.hpp>
#include <limits>

#include "support/diagnostic.hpp"
#include "support/expr_grammar.hpp"

namespace racecert::kir {

namespace x3 = boost::spirit::x3;
using boost::fusion::at_c;
using It = std::string::const_iterator;
namespace eg = racecert::expr::grammar;

namespace {

// The kernel IR reserves no word for the shared expression grammar and
// needs no positions of expression nodes: the default hooks.
struct ParseState : eg::Hooks {
  ParseState(const std::string& text, const std::string& filename) : eg::Hooks(text, filename) {}
  std::string kernel_file;  // positions without a file are in the kernel's file

  using eg::Hooks::loc_at;
  SourceLoc loc_at(It at) const { return loc_at(offset(at)); }
};
template <class Ctx>
ParseState& state(Ctx& ctx) {
  return static_cast<ParseState&>(eg::hooks(ctx));
}

// " @line:col" or ` @"file":line:col` (printer.cpp).
struct RawLoc {
  boost::optional<std::string> file;
  int line = 0;
  int column = 0;
};
struct View {  // <unit> or <unit:width>
  std::int64_t unit = 0;
  boost::optional<std::int64_t> width;
};
struct Target {
  std::string array;
  boost::optional<View> view;
  std::vector<Expr> index;
};
struct AtomicHead {
  std::string op;
  MemoryOrder order = MemoryOrder::Relaxed;
  Scope scope = Scope::Device;
};
struct FenceHead {
  MemoryOrder order = MemoryOrder::SeqCst;
  Scope scope = Scope::Device;
};

}  // namespace
}  // namespace racecert::kir

BOOST_FUSION_ADAPT_STRUCT(racecert::kir::RawLoc, file, line, column)
BOOST_FUSION_ADAPT_STRUCT(racecert::kir::View, unit, width)
BOOST_FUSION_ADAPT_STRUCT(racecert::kir::Target, array, view, index)
BOOST_FUSION_ADAPT_STRUCT(racecert::kir::AtomicHead, op, order, scope)
BOOST_FUSION_ADAPT_STRUCT(racecert::kir::FenceHead, order, scope)

namespace racecert::kir {
namespace {

using namespace racecert::expr;

template <class Ctx>
SourceLoc to_loc(Ctx& ctx, const boost::optional<RawLoc>& l) {
  if (!l) return SourceLoc{};
  return SourceLoc{l->file ? *l->file : state(ctx).kernel_file, l->line, l->column};
}

// ------------------------------------------------------------------- lexemes

using eg::keyword;

// Whitespace and // comments (test fixtures use them; the printer writes none).
const auto skipper = x3::space | (x3::lit("//") >> *(x3::char_ - x3::eol) >> (x3::eol | x3::eoi));

// Names and expressions: the shared grammar (support/expr_grammar.hpp), which
// reads C identifiers, struct fields ("p.a") and the suffixes that make
// names unique ("i#2").
auto const identifier = eg::name;
auto const expression = eg::expression;
using eg::set_val;

auto const string_lit = eg::quoted_string;

x3::rule<struct loc_tag, RawLoc> const loc_annot = "source position";
const auto loc_annot_def = '@' > -(string_lit > ':') > x3::int_ > ':' > x3::int_;

x3::rule<struct value_tag, Expr> const value = "expression or '?'";
const auto mk_null = [](auto& ctx) { _val(ctx) = nullptr; };

// A value the front end does not track prints as "?".
const auto value_def = expression[set_val] | x3::lit('?')[mk_null];

BOOST_SPIRIT_DEFINE(loc_annot, value)

// ----------------------------------------------------------------- statements

struct order_table : x3::symbols<MemoryOrder> {
  order_table() {
    add("relaxed", MemoryOrder::Relaxed)("acquire", MemoryOrder::Acquire)("release", MemoryOrder::Release)(
        "acq_rel", MemoryOrder::AcqRel)("seq_cst", MemoryOrder::SeqCst);
  }
} const memory_order;
struct scope_table : x3::symbols<Scope> {
  scope_table() { add("block", Scope::Block)("device", Scope::Device)("system", Scope::System); }
} const scope;

x3::rule<struct view_tag, View> const view = "byte view";
x3::rule<struct target_tag, Target> const target = "array access";
x3::rule<struct atomic_head_tag, AtomicHead> const atomic_head = "atomic";
x3::rule<struct fence_head_tag, FenceHead> const fence_head = "fence";
x3::rule<struct barrier_head_tag, Barrier> const barrier_head = "barrier";
x3::rule<struct stmt_tag, Stmt> const stmt = "statement";
x3::rule<struct stmts_tag, Block> const stmts = "statements";
x3::rule<struct close_tag> const close = "a statement or '}'";
x3::rule<struct loop_kind_tag, bool> const loop_kind = "loop";

const auto view_def = '<' > x3::int64 > -(':' > x3::int64) > '>';
const auto target_def = identifier >> -view >> *('[' > value > ']');
const auto end_of_name = !(x3::alnum | x3::char_("_$#."));
const auto atomic_head_def =
    x3::lexeme["atomic." >> +(x3::alnum | x3::char_('_')) >> '.' >> memory_order >> '.' >> scope >> end_of_name];
const auto fence_head_def = x3::lexeme["fence." >> memory_order >> '.' >> scope >> end_of_name];
auto set_kind(Barrier::Kind k) {
  return [k](auto& ctx) { _val(ctx).kind = k; };
}
auto named(bool arrive) {
  return [arrive](auto& ctx) {
    _val(ctx).kind = Barrier::Kind::Named;
    _val(ctx).arrive = arrive;
    _val(ctx).id = at_c<0>(_attr(ctx));
    if (at_c<1>(_attr(ctx))) _val(ctx).count = *at_c<1>(_attr(ctx));
  };
}
// What a block, warp or grid barrier orders when not every space (printer.cpp).
struct fences_table : x3::symbols<int> {
  fences_table() { add("shared", 1)("global", 2)("none", 0); }
} const fences;
const auto set_fences = [](auto& ctx) {
  _val(ctx).orders_shared = (_attr(ctx) & 1) != 0;
  _val(ctx).orders_global = (_attr(ctx) & 2) != 0;
};
const auto fences_of = -x3::lexeme[fences >> end_of_name][set_fences];
// `barrier.warp 32`: groups of that many consecutive threads (kernel_ir.hpp).
const auto set_width = [](auto& ctx) { _val(ctx).count = expr::int_lit(_attr(ctx)); };
const auto barrier_head_def = (keyword("barrier.block")[set_kind(Barrier::Kind::Block)] >> fences_of) |
                              (keyword("barrier.warp")[set_kind(Barrier::Kind::Warp)] >> -x3::int64[set_width] >>
                               fences_of) |
                              (keyword("barrier.grid")[set_kind(Barrier::Kind::Grid)] >> fences_of) |
                              (keyword("bar.sync") >> value >> -(',' > value))[named(false)] |
                              (keyword("bar.arrive") >> value >> -(',' > value))[named(true)];
const auto close_def = x3::lit('}');
const auto loop_kind_def = (keyword("loop") >> x3::attr(true)) | (keyword("do-loop") >> x3::attr(false));

Location to_location(Target&& t) {
  Location l{std::move(t.array), std::move(t.index)};
  if (t.view) {
    l.unit = t.view->unit;
    l.width = t.view->width ? *t.view->width : t.view->unit;
  }
  return l;
}
std::string result_var(const boost::optional<std::string>& v) { return v ? *v : std::string(); }

const auto mk_assign = [](auto& ctx) {
  auto& a = _attr(ctx);
  _val(ctx).node = Assign{at_c<0>(a), at_c<1>(a), to_loc(ctx, at_c<2>(a))};
};
const auto mk_load = [](auto& ctx) {
  auto& a = _attr(ctx);
  _val(ctx).node = Load{result_var(at_c<0>(a)), to_location(std::move(at_c<1>(a))), to_loc(ctx, at_c<2>(a))};
};
const auto mk_store = [](auto& ctx) {
  auto& a = _attr(ctx);
  _val(ctx).node = Store{to_location(std::move(at_c<0>(a))), at_c<1>(a), to_loc(ctx, at_c<2>(a))};
};
const auto mk_atomic = [](auto& ctx) {
  auto& a = _attr(ctx);
  const AtomicHead& h = at_c<1>(a);
  _val(ctx).node = Atomic{h.op,        h.order, h.scope, result_var(at_c<0>(a)), to_location(std::move(at_c<2>(a))),
                          at_c<3>(a), to_loc(ctx, at_c<4>(a))};
};
const auto mk_fence = [](auto& ctx) {
  auto& a = _attr(ctx);
  _val(ctx).node = Fence{at_c<0>(a).scope, at_c<0>(a).order, to_loc(ctx, at_c<1>(a))};
};
const auto mk_barrier = [](auto& ctx) {
  auto& a = _attr(ctx);
  Barrier b = at_c<1>(a);
  b.var = result_var(at_c<0>(a));
  b.loc = to_loc(ctx, at_c<2>(a));
  _val(ctx).node = std::move(b);
};
const auto mk_if = [](auto& ctx) {
  auto& a = _attr(ctx);
  If i;
  i.cond = at_c<0>(a);
  i.loc = to_loc(ctx, at_c<1>(a));
  i.then_body = std::move(at_c<2>(a));
  if (at_c<3>(a)) i.else_body = std::move(*at_c<3>(a));
  _val(ctx).node = std::move(i);
};
const auto mk_loop = [](auto& ctx) {
  auto& a = _attr(ctx);
  Loop l;
  l.test_first = at_c<0>(a);
  l.cond = at_c<1>(a);
  l.loc = to_loc(ctx, at_c<2>(a));
  if (at_c<3>(a)) l.init = std::move(*at_c<3>(a));
  l.body = std::move(at_c<4>(a));
  if (at_c<5>(a)) l.update = std::move(*at_c<5>(a));
  _val(ctx).node = std::move(l);
};
template <class Jump>
auto mk_jump() {
  return [](auto& ctx) { _val(ctx).node = Jump{to_loc(ctx, _attr(ctx))}; };
}
template <class Check>
auto mk_check() {
  return [](auto& ctx) { _val(ctx).node = Check{at_c<0>(_attr(ctx)), to_loc(ctx, at_c<1>(_attr(ctx)))}; };
}
const auto mk_unsupported = [](auto& ctx) {
  _val(ctx).node = Unsupported{at_c<0>(_attr(ctx)), to_loc(ctx, at_c<1>(_attr(ctx)))};
};

// `x = ` before a load, an atomic or a barrier. A rule of its own, typed
// boost::optional: X3 reads `-p` of a string-valued p into the string
// itself, and a failed attempt would leave the name there.
x3::rule<struct result_tag, boost::optional<std::string>> const result_prefix = "result variable";
const auto result_prefix_def = -(identifier >> '=');
const auto if_stmt = (keyword("if") > '(' > value > ')' > '{' > -loc_annot > stmts > close >
                      -(keyword("else") > '{' > stmts > close))[mk_if];
const auto loop_stmt = (loop_kind >> '(' > value > ')' > '{' > -loc_annot > -(keyword("init") > ':' > stmts) >
                        keyword("body") > ':' > stmts > -(keyword("update") > ':' > stmts) > close)[mk_loop];
const auto unsupported_stmt = (keyword("unsupported") > string_lit > ';' > -loc_annot)[mk_unsupported];
const auto break_stmt = (keyword("break") > ';' > -loc_annot)[mk_jump<Break>()];
const auto continue_stmt = (keyword("continue") > ';' > -loc_annot)[mk_jump<Continue>()];
const auto return_stmt = (keyword("return") > ';' > -loc_annot)[mk_jump<Return>()];
// A variable may be named like these keywords: `assert = 1;` backtracks.
const auto assert_stmt = (keyword("assert") >> value > ';' > -loc_annot)[mk_check<Assert>()];
const auto assume_stmt = (keyword("assume") >> value > ';' > -loc_annot)[mk_check<Assume>()];
const auto store_stmt = (keyword("store") >> target > '=' > value > ';' > -loc_annot)[mk_store];
const auto fence_stmt = (fence_head > ';' > -loc_annot)[mk_fence];
const auto barrier_stmt = (result_prefix >> barrier_head > ';' > -loc_annot)[mk_barrier];
const auto atomic_stmt = (result_prefix >> atomic_head > target > *(',' > value) > ';' > -loc_annot)[mk_atomic];
const auto load_stmt = (result_prefix >> keyword("load") >> target > ';' > -loc_annot)[mk_load];
const auto assign_stmt = (identifier >> '=' >> value > ';' > -loc_annot)[mk_assign];

const auto stmt_def = if_stmt | loop_stmt | unsupported_stmt | break_stmt | continue_stmt | return_stmt | assert_stmt |
                      assume_stmt | store_stmt | fence_stmt | barrier_stmt | atomic_stmt | load_stmt | assign_stmt;
const auto stmts_def = *stmt;

BOOST_SPIRIT_DEFINE(view, target, atomic_head, fence_head, barrier_head, stmt, stmts, close, loop_kind, result_prefix)

// -------------------------------------------------------------------- kernels

struct type_table : x3::symbols<ScalarType> {
  type_table() {
    add("int", ScalarType::Int)("unsigned", ScalarType::Unsigned)("bool", ScalarType::Bool)(
        "float", ScalarType::Float)("other", ScalarType::Other);
  }
} const scalar_type_names;
struct space_table : x3::symbols<Space> {
  space_table() {
    add("global", Space::Global)("shared", Space::Shared)("local", Space::Local)("constant", Space::Constant);
  }
} const space_names;
const auto scalar_type = x3::lexeme[scalar_type_names >> end_of_name];
const auto space = x3::lexeme[space_names >> end_of_name];

// A kernel's name is what Clang prints, template arguments included
// ("reduce<float, MaxOp<float>, 128U>"): everything up to its position or
// its '{', without the trailing blanks.
x3::rule<struct kernel_name_tag, std::string> const kernel_name = "kernel name";
const auto trim_name = [](auto& ctx) {
  std::string n = _attr(ctx);
  while (!n.empty() && std::isspace(static_cast<unsigned char>(n.back()))) n.pop_back();
  _pass(ctx) = !n.empty();
  _val(ctx) = std::move(n);
};
const auto kernel_name_def = x3::lexeme[+(x3::char_ - x3::char_("{@\n"))][trim_name];

x3::rule<struct kernel_tag, Kernel> const kernel = "kernel";
x3::rule<struct kernels_tag, std::vector<Kernel>> const kernels = "kernel";

const auto start_kernel = [](auto& ctx) {
  auto& a = _attr(ctx);
  Kernel& k = _val(ctx);
  k.language = at_c<0>(a);
  k.name = at_c<1>(a);
  state(ctx).kernel_file = at_c<2>(a) && at_c<2>(a)->file ? *at_c<2>(a)->file : std::string();
  k.loc = to_loc(ctx, at_c<2>(a));
};
auto add_variable(std::vector<Variable> Kernel::*where) {
  return [where](auto& ctx) {
    auto& a = _attr(ctx);
    (_val(ctx).*where).push_back(Variable{at_c<1>(a), at_c<0>(a), to_loc(ctx, at_c<2>(a))});
  };
}
const auto add_array = [](auto& ctx) {
  auto& a = _attr(ctx);
  Array arr;
  arr.space = at_c<0>(a);
  arr.element = at_c<1>(a);
  arr.name = at_c<2>(a);
  arr.element_bytes = at_c<3>(a) ? *at_c<3>(a) : 0;
  for (const auto& s : at_c<4>(a)) arr.sizes.push_back(s ? *s : 0);
  arr.parameter = at_c<5>(a);
  arr.loc = to_loc(ctx, at_c<6>(a));
  _val(ctx).arrays.push_back(std::move(arr));
};
const auto add_requires = [](auto& ctx) { _val(ctx).preconditions.push_back(_attr(ctx)); };
const auto set_launch_bounds = [](auto& ctx) { _val(ctx).launch_bounds = _attr(ctx); };
const auto set_body = [](auto& ctx) { _val(ctx).body = std::move(_attr(ctx)); };

// A variable may be named `param` or `local`: a declaration backtracks.
const auto param_decl = keyword("param") >> scalar_type >> identifier >> ';' > -loc_annot;
const auto local_decl = keyword("local") >> scalar_type >> identifier >> ';' > -loc_annot;
const auto array_decl = keyword("array") >> space > scalar_type > identifier > -('<' > x3::int64 > '>') >
                        *('[' > -x3::int64 > ']') >
                        x3::matches[x3::lit('(') > keyword("parameter") > ')'] > ';' > -loc_annot;
const auto requires_decl = keyword("requires") >> value > ';';
const auto launch_bounds_decl = keyword("launch_bounds") >> x3::uint32 >> ';';

const auto kernel_def = (identifier >> keyword("kernel") > kernel_name > -loc_annot)[start_kernel] > '{' >
                        *(param_decl[add_variable(&Kernel::parameters)] | local_decl[add_variable(&Kernel::locals)] |
                          array_decl[add_array] | requires_decl[add_requires] |
                          launch_bounds_decl[set_launch_bounds]) > stmts[set_body] > close;
const auto kernels_def = *kernel > x3::eoi;

BOOST_SPIRIT_DEFINE(kernel_name, kernel, kernels)

}  // namespace

std::vector<Kernel> parse(const std::string& text, const std::string& filename) {
  It first = text.begin(), last = text.end();
  ParseState st(text, filename);
  std::vector<Kernel> out;
  try {
    auto parser = eg::with_hooks(st, kernels);
    if (!x3::phrase_parse(first, last, parser, skipper, out) || first != last)
      throw input_error(location_at(text, static_cast<std::size_t>(first - text.begin()), filename),
                        "expected a kernel");
  } catch (const x3::expectation_failure<It>& e) {
    eg::expectation_error(text, filename, e, "a kernel");
  }
  return out;
}

Kernel parse_kernel(const std::string& text, const std::string& filename) {
  std::vector<Kernel> ks = parse(text, filename);
  if (ks.size() != 1)
    throw input_error(location_at(text, 0, filename),
                      "expected one kernel, found " + std::to_string(ks.size()));
  return std::move(ks[0]);
}

}  // namespace racecert::kir
