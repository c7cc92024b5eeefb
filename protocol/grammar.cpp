// The protocol grammar in Boost.Spirit X3. Semantic actions build IR nodes
// directly; name resolution and typing happen afterwards (parser.cpp).
#include "protocol/grammar.hpp"

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/fusion/include/at_c.hpp>
#include <boost/optional.hpp>
#include <boost/spirit/home/x3.hpp>
#include <limits>

#include "support/diagnostic.hpp"
#include "support/expr_grammar.hpp"

namespace racecert::protocol::detail {

namespace x3 = boost::spirit::x3;
using boost::fusion::at_c;
using It = std::string::const_iterator;
namespace eg = racecert::expr::grammar;

namespace {

// The protocol language's choices for the shared expression grammar: its
// keywords are reserved, `tid` is threadIdx.x, and every expression node's
// start is recorded for diagnostics.
struct ParseState : eg::Hooks {
  ParseState(const std::string& text, const std::string& filename, Positions& positions)
      : eg::Hooks(text, filename), pos(&positions) {}
  Positions* pos;

  // Positions skip the whitespace and comments before a token (locate).
  SourceLoc loc_at(std::size_t off) const override { return locate(text(), filename(), off); }
  bool is_name(const std::string& word) const override;
  std::string canonical_name(const std::string& name) const override;  // `tid`: threadIdx.x
  Expr note_at(Expr e, std::size_t off) override {
    pos->expr.emplace(e.get(), off);
    return e;
  }
  std::size_t where_of(const Expr& e) const override {
    auto it = pos->expr.find(e.get());
    return it == pos->expr.end() ? 0 : it->second;
  }
};
template <class Ctx>
ParseState& state(Ctx& ctx) {
  return static_cast<ParseState&>(eg::hooks(ctx));
}

const std::set<std::string>& keywords() {
  static const std::set<std::string> k = {
      "kernel", "shared", "global", "uniform", "local", "block", "assume", "rd", "wr",
      "atomic", "sync", "if", "else", "for", "in", "step", "true", "false", "min", "max"};
  return k;
}

bool ParseState::is_name(const std::string& word) const { return keywords().count(word) == 0; }

// Builtin aliases: the paper writes `tid`.
std::string canonical_name(const std::string& n) {
  static const std::map<std::string, std::string> alias = {
      {"tid", "threadIdx.x"}, {"tid.x", "threadIdx.x"}, {"tid.y", "threadIdx.y"},
      {"tid.z", "threadIdx.z"}, {"bid", "blockIdx.x"},  {"bid.x", "blockIdx.x"},
      {"bid.y", "blockIdx.y"},  {"bid.z", "blockIdx.z"}};
  auto it = alias.find(n);
  return it == alias.end() ? n : it->second;
}
std::string ParseState::canonical_name(const std::string& n) const { return detail::canonical_name(n); }

// `<unit>` or `<unit:width>` after an array name: a byte view.
struct ViewSpec {
  unsigned unit = 0;
  boost::optional<unsigned> width;
};
struct AccessTarget {
  std::string name;
  boost::optional<ViewSpec> view;
  std::vector<Expr> index;
};
struct LocAnnot {
  std::string file;
  unsigned line = 0, column = 0;
};
// `shared count` or `global c[0]`: the counter of a ticket declaration.
struct TicketTarget {
  MemorySpace space = MemorySpace::Shared;
  std::string array;
  std::vector<long long> cell;
};

}  // namespace
}  // namespace racecert::protocol::detail

BOOST_FUSION_ADAPT_STRUCT(racecert::protocol::detail::ViewSpec, unit, width)
BOOST_FUSION_ADAPT_STRUCT(racecert::protocol::detail::AccessTarget, name, view, index)
BOOST_FUSION_ADAPT_STRUCT(racecert::protocol::detail::LocAnnot, file, line, column)
BOOST_FUSION_ADAPT_STRUCT(racecert::protocol::detail::TicketTarget, space, array, cell)

namespace racecert::protocol::detail {
namespace {

// ------------------------------------------------------------------- lexemes

// Zero-width parser whose attribute is the offset of the next token (after
// skipping). X3's _where in an action gives the range after the match, not
// its start, so statements record where they begin with this.
struct position_parser : x3::parser<position_parser> {
  using attribute_type = std::size_t;
  static bool const has_attribute = true;
  template <class Iterator, class Context, class RContext, class Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const& ctx, RContext&, Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    x3::traits::move_to(state(ctx).offset(first), attr);
    return true;
  }
};
const position_parser pos{};

using eg::keyword;

const auto skipper = x3::space | (x3::lit("//") >> *(x3::char_ - x3::eol) >> (x3::eol | x3::eoi)) |
                     (x3::lit("/*") >> *(x3::char_ - "*/") >> "*/");

// Names and expressions: the shared grammar (support/expr_grammar.hpp).
auto const identifier = eg::name;
auto const expr = eg::expression;

auto const string_lit = eg::quoted_string;

using eg::set_val;


// ----------------------------------------------------------------- statements

x3::rule<struct access_target_tag, AccessTarget> const access_target = "array access";
x3::rule<struct loc_annot_tag, LocAnnot> const loc_annot = "source position";
x3::rule<struct view_spec_tag, ViewSpec> const view_spec = "byte view";
x3::rule<struct byte_count_tag, unsigned> const byte_count = "a number of bytes";
x3::rule<struct stmt_tag, Block> const stmt = "statement";
x3::rule<struct stmts_tag, Block> const stmts = "statements";
x3::rule<struct block_tag, Block> const block = "'{'";
x3::rule<struct if_tag, Block> const if_stmt = "if statement";
x3::rule<struct for_range_tag, Block> const for_range = "loop header";
x3::rule<struct for_c_tag, Block> const for_c = "loop header";
x3::rule<struct else_tag, Block> const else_part = "'{' or 'if'";
x3::rule<struct ticket_target_tag, TicketTarget> const ticket_target = "'shared' or 'global' and the counter";
x3::rule<struct of_tag> const of_keyword = "'of'";

struct space_table : x3::symbols<MemorySpace> {
  space_table() { add("shared", MemorySpace::Shared)("global", MemorySpace::Global); }
} const memory_space;

const auto byte_count_def = x3::uint_;
const auto view_spec_def = '<' > byte_count > -(':' > byte_count) > '>';
const auto access_target_def = identifier > -view_spec > *('[' > expr > ']');
const auto loc_annot_def = '@' > string_lit > ':' > x3::uint_ > ':' > x3::uint_;
const auto of_keyword_def = keyword("of");
const auto ticket_target_def =
    x3::lexeme[memory_space >> !(x3::alnum | x3::char_('_'))] > identifier > *('[' > x3::long_long > ']');

Access make_access(ParseState& st, std::size_t at, AccessMode mode, AccessTarget&& t, Expr value,
                   const boost::optional<LocAnnot>& loc) {
  Access a;
  a.array = std::move(t.name);
  a.index = std::move(t.index);
  a.mode = mode;
  a.value = std::move(value);
  if (t.view) {
    a.view.unit = t.view->unit;
    a.view.width = t.view->width ? *t.view->width : t.view->unit;
    if (a.view.unit == 0 || a.view.width == 0)
      throw input_error(st.loc_at(at), "a byte view of '" + a.array + "' needs a positive unit and width");
  }
  if (loc) {
    a.loc = SourceLoc{loc->file, static_cast<int>(loc->line), static_cast<int>(loc->column)};
    a.loc_explicit = true;
  } else {
    a.loc = st.loc_at(at);
  }
  return a;
}

auto mk_access(AccessMode mode) {
  return [mode](auto& ctx) {
    auto& attr = _attr(ctx);
    _val(ctx) = Block{Stmt{make_access(state(ctx), at_c<0>(attr), mode, std::move(at_c<1>(attr)), nullptr,
                                       at_c<2>(attr))}};
  };
}
const auto mk_write = [](auto& ctx) {
  auto& attr = _attr(ctx);
  Expr value = at_c<2>(attr) ? *at_c<2>(attr) : nullptr;
  _val(ctx) = Block{Stmt{make_access(state(ctx), at_c<0>(attr), AccessMode::Write, std::move(at_c<1>(attr)),
                                     value, at_c<3>(attr))}};
};
// `sync;` orders every space; `sync shared;`, `sync global;` and `sync
// none;` are OpenCL barriers whose flags order less.
struct fences_table : x3::symbols<int> {
  fences_table() { add("shared", 1)("global", 2)("none", 0); }
} const fences;
// `sync grid;` and `sync warp N;` (N >= 2 threads per group) name the
// threads the barrier synchronizes; the scope comes before the fences.
// The attribute: -1 grid, N warp, absent block. `grid` and `warp` are not
// reserved: only here, right after `sync`, are they words of the language.
const auto grid_scope = x3::lexeme[x3::lit("grid") >> !(x3::alnum | x3::char_('_'))] >> x3::attr(-1);
const auto warp_scope = x3::lexeme[x3::lit("warp") >> !(x3::alnum | x3::char_('_'))] > x3::int_;
x3::rule<struct sync_scope_tag, int> const sync_scope = "'grid' or 'warp'";
const auto sync_scope_def = grid_scope | warp_scope;
BOOST_SPIRIT_DEFINE(sync_scope)
const auto mk_sync = [](auto& ctx) {
  Sync y;
  y.loc = state(ctx).loc_at(at_c<0>(_attr(ctx)));
  if (auto scope = at_c<1>(_attr(ctx))) {
    if (*scope == -1) {
      y.scope = SyncScope::Grid;
    } else if (*scope >= 2) {
      y.scope = SyncScope::Warp;
      y.width = *scope;
    } else {
      _pass(ctx) = false;  // a warp of fewer than 2 threads synchronizes nothing
      return;
    }
  }
  if (auto f = at_c<2>(_attr(ctx))) {
    y.orders_shared = (*f & 1) != 0;
    y.orders_global = (*f & 2) != 0;
  }
  _val(ctx) = Block{Stmt{y}};
};
const auto mk_if = [](auto& ctx) {
  auto& attr = _attr(ctx);
  If i;
  i.loc = state(ctx).loc_at(at_c<0>(attr));
  i.cond = at_c<1>(attr);
  i.then_body = std::move(at_c<2>(attr));
  if (at_c<3>(attr)) i.else_body = std::move(*at_c<3>(attr));
  _val(ctx) = Block{Stmt{std::move(i)}};
};
const auto mk_for_range = [](auto& ctx) {
  auto& attr = _attr(ctx);
  Loop l;
  l.loc = state(ctx).loc_at(at_c<0>(attr));
  l.var = canonical_name(at_c<1>(attr));
  l.init = at_c<2>(attr);
  l.cond = BinOp::Lt;
  l.bound = at_c<3>(attr);
  l.update = LoopUpdate::Add;
  l.step = at_c<4>(attr) ? *at_c<4>(attr) : int_lit(1);
  l.body = std::move(at_c<5>(attr));
  _val(ctx) = Block{Stmt{std::move(l)}};
};
const auto mk_for_c = [](auto& ctx) {
  auto& attr = _attr(ctx);
  auto& st = state(ctx);
  SourceLoc where = st.loc_at(at_c<0>(attr));
  const std::string v = at_c<1>(attr);
  if (at_c<3>(attr) != v || at_c<6>(attr) != v)
    throw input_error(where, "loop header must test and update its own variable '" + v + "'");
  Loop l;
  l.var = canonical_name(v);
  l.init = at_c<2>(attr);
  l.cond = at_c<4>(attr);
  l.bound = at_c<5>(attr);
  l.update = at_c<7>(attr);
  l.step = at_c<8>(attr);
  l.body = std::move(at_c<9>(attr));
  l.loc = where;
  _val(ctx) = Block{Stmt{std::move(l)}};
};
const auto mk_decls = [](auto& ctx) {
  auto& attr = _attr(ctx);
  Block out;
  SourceLoc where = state(ctx).loc_at(at_c<0>(attr));
  for (auto& name : at_c<2>(attr)) out.push_back(Stmt{Decl{canonical_name(name), at_c<1>(attr), where, std::nullopt}});
  _val(ctx) = std::move(out);
};
// `ticket a, b of shared count;`: per-thread unknowns that are tickets.
const auto mk_tickets = [](auto& ctx) {
  auto& attr = _attr(ctx);
  Block out;
  SourceLoc where = state(ctx).loc_at(at_c<0>(attr));
  const TicketTarget& t = at_c<2>(attr);
  TicketCounter counter{t.space, t.array, std::vector<std::int64_t>(t.cell.begin(), t.cell.end())};
  for (auto& name : at_c<1>(attr))
    out.push_back(Stmt{Decl{canonical_name(name), Uniformity::Thread, where, counter}});
  _val(ctx) = std::move(out);
};
const auto append_stmts = [](auto& ctx) {
  for (auto& s : _attr(ctx)) _val(ctx).push_back(std::move(s));
};

struct relop_table : x3::symbols<BinOp> {
  relop_table() { add("<", BinOp::Lt)("<=", BinOp::Le)(">", BinOp::Gt)(">=", BinOp::Ge); }
} const relop;
struct update_table : x3::symbols<LoopUpdate> {
  update_table() {
    add("+=", LoopUpdate::Add)("-=", LoopUpdate::Sub)("*=", LoopUpdate::Mul)("/=", LoopUpdate::Div)(
        "<<=", LoopUpdate::Shl)(">>=", LoopUpdate::Shr);
  }
} const update_op;
struct decl_kind_table : x3::symbols<Uniformity> {
  decl_kind_table() { add("local", Uniformity::Thread)("uniform", Uniformity::Grid)("block", Uniformity::Block); }
} const decl_kind;

const auto rd_stmt = (pos >> keyword("rd") > access_target > -loc_annot > ';')[mk_access(AccessMode::Read)];
const auto atomic_stmt =
    (pos >> keyword("atomic") > access_target > -loc_annot > ';')[mk_access(AccessMode::Atomic)];
const auto atomic_block_stmt =
    (pos >> keyword("atomic.block") > access_target > -loc_annot > ';')[mk_access(AccessMode::AtomicBlock)];
const auto wr_stmt = (pos >> keyword("wr") > access_target > -('=' > expr) > -loc_annot > ';')[mk_write];
const auto sync_stmt =
    (pos >> keyword("sync") > -sync_scope > -x3::lexeme[fences >> !(x3::alnum | x3::char_('_'))] >
     ';')[mk_sync];
const auto decl_stmt =
    (pos >> x3::lexeme[decl_kind >> !(x3::alnum | x3::char_('_'))] > (identifier % ',') > ';')[mk_decls];
// `ticket` and `of` are not reserved: no other statement starts with a name.
const auto ticket_stmt =
    (pos >> keyword("ticket") > (identifier % ',') > of_keyword > ticket_target > ';')[mk_tickets];

const auto if_stmt_def =
    (pos >> keyword("if") > '(' > expr > ')' > block > -(keyword("else") > else_part))[mk_if];
const auto else_part_def = if_stmt[set_val] | block[set_val];
const auto for_range_def = (pos >> keyword("for") >> identifier >> keyword("in") > expr > ".." > expr >
                            -(keyword("step") > expr) > block)[mk_for_range];
const auto for_c_def = (pos >> keyword("for") >> '(' > identifier > '=' > expr > ';' > identifier > relop > expr >
                        ';' > identifier > update_op > expr > ')' > block)[mk_for_c];
x3::rule<struct for_tag, Block> const for_stmt = "for statement";
const auto for_stmt_def = for_range[set_val] | for_c[set_val];

// Rules with attributes of their own hand them over explicitly: X3 does not
// propagate a container attribute through an alternative.
const auto stmt_def =
    rd_stmt | wr_stmt | atomic_block_stmt | atomic_stmt | sync_stmt | if_stmt[set_val] | for_stmt[set_val] | decl_stmt |
    ticket_stmt;
const auto stmts_def = *(stmt[append_stmts]);
const auto block_def = '{' > stmts[set_val] > '}';

BOOST_SPIRIT_DEFINE(byte_count, view_spec, access_target, loc_annot, of_keyword, ticket_target, stmt, stmts, block,
                    if_stmt, for_range, for_c, else_part, for_stmt)

// -------------------------------------------------------------------- kernels

x3::rule<struct kernel_tag, RawKernel> const kernel = "kernel";
x3::rule<struct file_tag, RawFile> const file = "kernel";

const auto set_kernel_name = [](auto& ctx) {
  _val(ctx).pos = at_c<0>(_attr(ctx));
  _val(ctx).name = at_c<1>(_attr(ctx));
};
const auto add_array = [](auto& ctx) {
  auto& attr = _attr(ctx);
  RawArray a;
  a.pos = at_c<0>(attr);
  a.decl.loc = state(ctx).loc_at(a.pos);
  a.decl.space = at_c<1>(attr);
  a.decl.name = at_c<2>(attr);
  if (at_c<3>(attr)) {
    a.decl.element_bytes = *at_c<3>(attr);
    if (a.decl.element_bytes == 0)
      throw input_error(a.decl.loc, "array '" + a.decl.name + "' needs a positive element size");
  }
  a.dims_given = static_cast<bool>(at_c<4>(attr));
  a.decl.dims = a.dims_given ? static_cast<int>(*at_c<4>(attr)) : 1;
  _val(ctx).arrays.push_back(std::move(a));
};
const auto add_assume = [](auto& ctx) {
  _val(ctx).assumes.emplace_back(at_c<1>(_attr(ctx)), at_c<0>(_attr(ctx)));
};
const auto add_body = [](auto& ctx) {
  for (auto& s : _attr(ctx)) _val(ctx).body.push_back(std::move(s));
};
const auto add_kernel = [](auto& ctx) { _val(ctx).kernels.push_back(std::move(_attr(ctx))); };

// `shared A<4> : 2;`: element size in bytes, then dimensions.
const auto array_decl = pos >> x3::lexeme[memory_space >> !(x3::alnum | x3::char_('_'))] > identifier >
                        -('<' > byte_count > '>') > -(':' > x3::uint_) > ';';
const auto assume_decl = pos >> keyword("assume") > expr > ';';

x3::rule<struct kernel_name_tag, std::string> const kernel_name = "kernel name";
const auto kernel_name_def = identifier;
const auto kernel_def = (keyword("kernel") > pos > kernel_name)[set_kernel_name] > '{' >
                         *(array_decl[add_array] | assume_decl[add_assume] | stmt[add_body]) > '}';
const auto file_def = *(kernel[add_kernel]) > x3::eoi;

BOOST_SPIRIT_DEFINE(kernel, file, kernel_name)

}  // namespace

SourceLoc locate(const std::string& text, const std::string& filename, std::size_t offset) {
  std::size_t at = eg::token_at(text, offset);
  return location_at(text, at < text.size() ? at : std::min(offset, text.size()), filename);
}

RawFile parse_raw(const std::string& text, const std::string& filename, Positions& pos) {
  It first = text.begin(), last = text.end();
  ParseState st(text, filename, pos);
  RawFile out;
  try {
    auto parser = eg::with_hooks(st, file);
    bool ok = x3::phrase_parse(first, last, parser, skipper, out);
    if (!ok || first != last)
      throw input_error(locate(text, filename, static_cast<std::size_t>(first - text.begin())),
                        "expected 'kernel'");
  } catch (const x3::expectation_failure<It>& e) {
    eg::expectation_error(text, filename, e, "'kernel'");
  }
  return out;
}

Expr parse_raw_expr(const std::string& text, const std::string& filename, Positions& pos) {
  It first = text.begin(), last = text.end();
  ParseState st(text, filename, pos);
  Expr out;
  try {
    auto parser = eg::with_hooks(st, expr > x3::eoi);
    bool ok = x3::phrase_parse(first, last, parser, skipper, out);
    if (!ok || first != last)
      throw input_error(locate(text, filename, static_cast<std::size_t>(first - text.begin())),
                        "expected an expression");
  } catch (const x3::expectation_failure<It>& e) {
    eg::expectation_error(text, filename, e, "the end of the expression");
  }
  return out;
}

}  // namespace racecert::protocol::detail
