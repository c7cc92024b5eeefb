// The PTX litmus grammar in Boost.Spirit X3. Semantic actions fill a Test in
// the parse state; meaning (orders, scopes, labels, names) is checked later
// by litmus_lower.cpp, which can point at the offending instruction.
#include <boost/spirit/home/x3.hpp>
#include <charconv>
#include <functional>
#include <limits>

#include "explorer/litmus_parser.hpp"

namespace racecert::explorer::litmus {

namespace x3 = boost::spirit::x3;
using It = std::string::const_iterator;

namespace {

struct ParseState {
  It begin;
  const std::string* text;
  const std::string* file;
  Test test;
  Instruction instr;
  Cell cell;
  std::vector<Cell> row;
  std::size_t row_start = 0;
  std::size_t instr_pos = 0;  // where the instruction being parsed starts
  int depth = 0;               // nesting of the condition being parsed
  SourceLoc loc(It at) const { return locate(*text, *file, static_cast<std::size_t>(at - begin)); }
};
struct state_tag;
template <class Ctx>
ParseState& state(Ctx& ctx) {
  return x3::get<state_tag>(ctx).get();
}

// Yields the offset of the next token (after skipping blanks and comments).
// Actions cannot use _where() for this: X3 hands them the input *after* the
// match.
struct position_parser : x3::parser<position_parser> {
  using attribute_type = std::size_t;
  static bool const has_attribute = true;
  template <class Iterator, class Context, class RContext, class Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const& ctx, RContext&, Attribute& attr) const {
    x3::skip_over(first, last, ctx);
    x3::traits::move_to(static_cast<std::size_t>(first - x3::get<state_tag>(ctx).get().begin), attr);
    return true;
  }
};
const position_parser pos{};
template <class Ctx>
SourceLoc loc_at(Ctx& ctx, std::size_t offset) {
  auto& st = state(ctx);
  return locate(*st.text, *st.file, offset);
}
using boost::fusion::at_c;

// ------------------------------------------------------------------ lexemes

const auto word_end = !(x3::alnum | x3::char_('_'));
const auto mnemonic_end = !(x3::alnum | x3::char_('_') | x3::char_('.'));
auto kw(const char* w) { return x3::lexeme[x3::lit(w) >> word_end]; }

const auto skipper = x3::space | (x3::lit("(*") >> *(x3::char_ - "*)") >> "*)") |
                     (x3::lit("//") >> *(x3::char_ - x3::eol) >> (x3::eol | x3::eoi));

x3::rule<struct ident_tag, std::string> const ident = "identifier";
const auto ident_def = x3::lexeme[(x3::alpha | x3::char_('_')) >> *(x3::alnum | x3::char_('_'))];

x3::rule<struct int_tag, std::int64_t> const integer = "integer";
// Digits are collected as text and converted here, so that an overlong
// literal is reported as such instead of failing the whole entry.
auto make_int(bool negative, int base) {
  return [negative, base](auto& ctx) {
    const std::string& digits = at_c<1>(_attr(ctx));
    std::uint64_t v = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v, base);
    std::uint64_t limit = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) + (negative ? 1 : 0);
    if (ec != std::errc() || end != digits.data() + digits.size() || v > limit)
      throw input_error(loc_at(ctx, at_c<0>(_attr(ctx))), "integer literal out of range");
    _val(ctx) = negative ? static_cast<std::int64_t>(0 - v) : static_cast<std::int64_t>(v);
  };
}
const auto hex_digits = (x3::lit("0x") | "0X") >> +x3::xdigit;
const auto dec_digits = +x3::digit;
const auto integer_def = (pos >> x3::lexeme['-' >> hex_digits >> word_end])[make_int(true, 16)] |
                         (pos >> x3::lexeme['-' >> dec_digits >> word_end])[make_int(true, 10)] |
                         (pos >> x3::lexeme[hex_digits >> word_end])[make_int(false, 16)] |
                         (pos >> x3::lexeme[dec_digits >> word_end])[make_int(false, 10)];

// Expectation targets are named rules with their actions inside, so that an
// error reads "expected test name", never the mangled type of an action.
const auto set_name = [](auto& ctx) { state(ctx).test.name = _attr(ctx); };
x3::rule<struct name_tag> const test_name = "test name";
const auto test_name_def = x3::lexeme[+x3::graph][set_name];
// Description strings may span lines and hold quotes ("a "quoted" word"). A
// quote closes the string only when blanks and then the end of a line, the
// end of input, another string or the init block follow it, and an even
// number of quotes is left before the init block (so the last quote before
// `{` closes the last string). `\"` never closes. No '{' inside: an
// unterminated string stops at the init block. The text is kept raw.
struct closing_quote_parser : x3::parser<closing_quote_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <class Iterator, class Context, class RContext, class Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const&, RContext&, Attribute&) const {
    if (first == last || *first != '"') return false;
    Iterator i = std::next(first);
    while (i != last && (*i == ' ' || *i == '\t')) ++i;
    if (!(i == last || *i == '\n' || *i == '\r' || *i == '"' || *i == '{')) return false;
    int quotes = 0;
    for (Iterator j = std::next(first); j != last && *j != '{'; ++j)
      if (*j == '"' && *std::prev(j) != '\\') ++quotes;
    if (quotes % 2 != 0) return false;
    ++first;
    return true;
  }
};
x3::rule<struct closing_quote_tag> const closing_quote = "\"";
const auto closing_quote_def = closing_quote_parser{};
x3::rule<struct doc_tag, std::string> const doc_string = "string";
const auto doc_char = (x3::char_('\\') >> x3::char_('"')) | (x3::char_ - closing_quote - '{');
const auto doc_string_def = x3::lexeme['"' > *doc_char > closing_quote];
BOOST_SPIRIT_DEFINE(ident, integer, test_name, closing_quote, doc_string)

// A thread reference in init entries and conditions: "P1" or "1".
x3::rule<struct tref_tag, int> const thread_ref = "thread";
const auto set_tref = [](auto& ctx) {
  unsigned v = at_c<1>(_attr(ctx));
  if (v > 100000) throw input_error(loc_at(ctx, at_c<0>(_attr(ctx))), "thread number out of range");
  _val(ctx) = static_cast<int>(v);
};
const auto thread_ref_def = (pos >> x3::lexeme[-x3::lit('P') >> x3::uint_ >> !(x3::alnum | x3::char_('_'))])[set_tref];
BOOST_SPIRIT_DEFINE(thread_ref)

// ------------------------------------------------------------------- header

const auto add_doc = [](auto& ctx) { state(ctx).test.docs.push_back(_attr(ctx)); };
const auto header = kw("PTX") > test_name > *doc_string[add_doc];

// --------------------------------------------------------------- init block

const auto add_reg_init = [](auto& ctx) {
  auto& attr = _attr(ctx);
  InitEntry e;
  e.where = loc_at(ctx, at_c<0>(attr));
  e.thread = at_c<1>(attr);
  e.name = at_c<2>(attr);
  e.value = at_c<3>(attr);
  state(ctx).test.init.push_back(std::move(e));
};
const auto add_loc_init = [](auto& ctx) {
  auto& attr = _attr(ctx);
  InitEntry e;
  e.where = loc_at(ctx, at_c<0>(attr));
  e.name = at_c<1>(attr);
  e.value = at_c<2>(attr);
  state(ctx).test.init.push_back(std::move(e));
};
const auto add_alias = [](auto& ctx) {
  auto& attr = _attr(ctx);
  InitEntry e;
  e.where = loc_at(ctx, at_c<0>(attr));
  e.name = at_c<1>(attr);
  e.alias = true;
  e.proxy = at_c<2>(attr);
  e.target = at_c<3>(attr);
  state(ctx).test.init.push_back(std::move(e));
};
const auto bad_init = [](auto& ctx) {
  std::string text = at_c<1>(_attr(ctx));
  text = text.substr(0, text.find_first_of("\r\n"));  // one-line messages
  SourceLoc where = loc_at(ctx, at_c<0>(_attr(ctx)));
  throw input_error(where, "malformed init entry '" + text +
                               "' (expected 'x=v', 'P0:r=v' or 'y @ generic|texture|surface|constant aliases x')");
};
struct proxy_table : x3::symbols<Proxy> {
  proxy_table() {
    add("generic", Proxy::Generic)("texture", Proxy::Texture)("surface", Proxy::Surface)("constant", Proxy::Constant);
  }
} const proxy_sym;
const auto init_entry = (pos >> thread_ref >> ':' >> ident >> '=' >> integer >> &(x3::lit(';') | '}'))[add_reg_init] |
                        (pos >> ident >> '=' >> integer >> &(x3::lit(';') | '}'))[add_loc_init] |
                        (pos >> ident >> '@' >> x3::lexeme[proxy_sym >> word_end] >> kw("aliases") >> ident >>
                         &(x3::lit(';') | '}'))[add_alias] |
                        (pos >> x3::lexeme[+(x3::char_ - ';' - '}')])[bad_init];
x3::rule<struct init_entries_tag> const init_entries = "init entry";
const auto init_entries_def = *(init_entry > (x3::lit(';') | &x3::lit('}')));
BOOST_SPIRIT_DEFINE(init_entries)
x3::rule<struct init_block_tag> const init_block = "'{'";
const auto init_block_def = x3::lit('{') > init_entries > '}';
BOOST_SPIRIT_DEFINE(init_block)

// ------------------------------------------------------------ thread header

const auto add_thread = [](auto& ctx) {
  ThreadDecl d;
  d.id = static_cast<int>(std::min(static_cast<unsigned>(at_c<1>(_attr(ctx))), 1000000u));
  d.where = loc_at(ctx, at_c<0>(_attr(ctx)));
  state(ctx).test.threads.push_back(d);
};
const auto set_cta = [](auto& ctx) {
  auto& d = state(ctx).test.threads.back();
  d.scoped = true;
  d.cta = static_cast<int>(std::min(static_cast<unsigned>(_attr(ctx)), 1000000u));
};
const auto set_gpu = [](auto& ctx) {
  state(ctx).test.threads.back().gpu = static_cast<int>(std::min(static_cast<unsigned>(_attr(ctx)), 1000000u));
};
x3::rule<struct cta_kw_tag> const cta_kw = "'cta'";
const auto cta_kw_def = kw("cta");
x3::rule<struct gpu_kw_tag> const gpu_kw = "'gpu'";
const auto gpu_kw_def = kw("gpu");
x3::rule<struct cta_num_tag> const cta_number = "CTA number";
const auto cta_number_def = x3::uint_[set_cta];
x3::rule<struct gpu_num_tag> const gpu_number = "GPU number";
const auto gpu_number_def = x3::uint_[set_gpu];
BOOST_SPIRIT_DEFINE(cta_kw, gpu_kw, cta_number, gpu_number)
x3::rule<struct thread_decl_tag> const thread_decl = "thread declaration 'Pn@cta C,gpu G'";
const auto thread_decl_def = (pos >> x3::lexeme['P' >> x3::uint_ >> word_end])[add_thread] >>
                             -('@' > cta_kw > cta_number > ',' > gpu_kw > gpu_number);
BOOST_SPIRIT_DEFINE(thread_decl)
x3::rule<struct thread_row_tag> const thread_row = "thread declaration 'Pn@cta C,gpu G'";
const auto thread_row_def = (thread_decl % '|') > ';';
BOOST_SPIRIT_DEFINE(thread_row)

// ------------------------------------------------------------- instructions

const auto set_sem_attr = [](auto& ctx) { state(ctx).instr.sem = _attr(ctx); };
const auto set_proxy = [](auto& ctx) { state(ctx).instr.proxy = _attr(ctx); };
const auto set_scope = [](auto& ctx) { state(ctx).instr.scope = _attr(ctx); };
const auto set_type = [](auto& ctx) { state(ctx).instr.type = _attr(ctx); };
const auto set_rmw = [](auto& ctx) { state(ctx).instr.rmw = _attr(ctx); };
const auto set_dst = [](auto& ctx) { state(ctx).instr.dst = _attr(ctx); };
const auto set_loc = [](auto& ctx) { state(ctx).instr.location = _attr(ctx); };
const auto set_target = [](auto& ctx) { state(ctx).instr.target = _attr(ctx); };
const auto add_const = [](auto& ctx) {
  Operand o;
  o.value = _attr(ctx);
  state(ctx).instr.args.push_back(o);
};
const auto add_reg = [](auto& ctx) {
  Operand o;
  o.is_reg = true;
  o.reg = _attr(ctx);
  state(ctx).instr.args.push_back(o);
};
auto begin(Op op) {
  return [op](auto& ctx) {
    auto& st = state(ctx);
    st.instr = Instruction{};
    st.instr.op = op;
  };
}
const auto set_arith = [](auto& ctx) {
  auto& st = state(ctx);
  st.instr = Instruction{};
  st.instr.op = Op::Arith;
  st.instr.arith = _attr(ctx);
};
const auto set_branch = [](auto& ctx) {
  auto& st = state(ctx);
  st.instr = Instruction{};
  st.instr.op = Op::Branch;
  st.instr.cond = _attr(ctx);
};

struct ld_sem_table : x3::symbols<Sem> {
  ld_sem_table() { add(".weak", Sem::Weak)(".relaxed", Sem::Relaxed)(".acquire", Sem::Acquire)(".volatile", Sem::Volatile); }
} const ld_sem;
struct st_sem_table : x3::symbols<Sem> {
  st_sem_table() { add(".weak", Sem::Weak)(".relaxed", Sem::Relaxed)(".release", Sem::Release)(".volatile", Sem::Volatile); }
} const st_sem;
struct atom_sem_table : x3::symbols<Sem> {
  atom_sem_table() { add(".relaxed", Sem::Relaxed)(".acquire", Sem::Acquire)(".release", Sem::Release)(".acq_rel", Sem::AcqRel); }
} const atom_sem;
struct fence_sem_table : x3::symbols<Sem> {
  fence_sem_table() { add(".sc", Sem::SC)(".acq_rel", Sem::AcqRel); }
} const fence_sem;
// Proxy loads and stores (PTX v7.5 in Dat3M's dialect): surface load and
// store, texture load, constant load.
struct proxy_ld_table : x3::symbols<Proxy> {
  proxy_ld_table() { add("suld", Proxy::Surface)("tld", Proxy::Texture)("cold", Proxy::Constant); }
} const proxy_ld_sym;
struct proxy_st_table : x3::symbols<Proxy> {
  proxy_st_table() { add("sust", Proxy::Surface); }
} const proxy_st_sym;
struct proxy_fence_table : x3::symbols<Proxy> {
  proxy_fence_table() { add(".texture", Proxy::Texture)(".surface", Proxy::Surface)(".constant", Proxy::Constant); }
} const proxy_fence_sym;
struct scope_table : x3::symbols<Scope> {
  scope_table() { add(".cta", Scope::Cta)(".gpu", Scope::Gpu)(".sys", Scope::Sys); }
} const scope_sym;
struct type_table : x3::symbols<std::string> {
  type_table() {
    for (const char* t : {"b32", "b64", "u32", "u64", "s32", "s64"}) add(std::string(".") + t, t);
  }
} const type_sym;
struct rmw_table : x3::symbols<RmwOp> {
  rmw_table() {
    add(".add", RmwOp::Add)(".sub", RmwOp::Sub)(".and", RmwOp::And)(".or", RmwOp::Or)(".xor", RmwOp::Xor)(
        ".exch", RmwOp::Exch)(".cas", RmwOp::Cas)(".min", RmwOp::Min)(".max", RmwOp::Max)(".inc", RmwOp::Inc)(
        ".dec", RmwOp::Dec);
  }
} const rmw_sym;
struct arith_table : x3::symbols<ArithOp> {
  arith_table() { add("add", ArithOp::Add)("sub", ArithOp::Sub)("mul", ArithOp::Mul)("div", ArithOp::Div); }
} const arith_sym;
struct branch_table : x3::symbols<BranchCond> {
  branch_table() {
    add("beq", BranchCond::Eq)("bne", BranchCond::Ne)("blt", BranchCond::Lt)("ble", BranchCond::Le)(
        "bgt", BranchCond::Gt)("bge", BranchCond::Ge);
  }
} const branch_sym;

x3::rule<struct reg_tag> const reg_dst = "register";
const auto reg_dst_def = ident[set_dst];
x3::rule<struct loc_tag> const location = "location";
x3::rule<struct loc_name_tag> const location_name = "location";
const auto location_name_def = ident[set_loc];
BOOST_SPIRIT_DEFINE(location_name)
const auto location_def = ('[' > location_name > ']') | location_name;
x3::rule<struct operand_tag> const operand = "register or integer";
const auto operand_def = integer[add_const] | ident[add_reg];
x3::rule<struct label_ref_tag> const label_ref = "label";
const auto label_ref_def = ident[set_target];
BOOST_SPIRIT_DEFINE(reg_dst, location, operand, label_ref)

x3::rule<struct ld_tag> const ld_instr = "ld";
x3::rule<struct st_tag> const st_instr = "st";
x3::rule<struct atom_tag> const atom_instr = "atom";
x3::rule<struct red_tag> const red_instr = "red";
x3::rule<struct fence_tag> const fence_instr = "fence";
x3::rule<struct bar_tag> const bar_instr = "bar";
x3::rule<struct goto_tag> const goto_instr = "goto";
x3::rule<struct branch_tag> const branch_instr = "branch";
x3::rule<struct arith_tag> const arith_instr = "arithmetic";
x3::rule<struct mov_tag> const mov_instr = "mov";
const auto opt_type = -(type_sym[set_type]);
// `ld r0, 1` (no qualifier, an immediate) is Dat3M's move; `ld r0, x` a weak load.
x3::rule<struct ld_src_tag> const ld_source = "location or integer";
const auto ld_source_def = integer[add_const] | location;
BOOST_SPIRIT_DEFINE(ld_source)
const auto ld_instr_def = x3::lexeme[(x3::lit("ld")[begin(Op::Ld)] | proxy_ld_sym[begin(Op::Ld)][set_proxy]) >>
                                 -(ld_sem[set_sem_attr]) >> -(scope_sym[set_scope]) >> opt_type >> mnemonic_end] >
                      reg_dst > ',' > ld_source;
const auto st_instr_def = x3::lexeme[(x3::lit("st")[begin(Op::St)] | proxy_st_sym[begin(Op::St)][set_proxy]) >>
                                 st_sem[set_sem_attr] >> -(scope_sym[set_scope]) >> opt_type >> mnemonic_end] >
                      location > ',' > operand;
const auto atom_instr_def = x3::lexeme[x3::lit("atom")[begin(Op::Atom)] >> -(atom_sem[set_sem_attr]) >>
                                   -(scope_sym[set_scope]) >> rmw_sym[set_rmw] >> opt_type >> mnemonic_end] >
                        reg_dst > ',' > location > ',' > operand > -(',' > operand);
const auto red_instr_def = x3::lexeme[x3::lit("red")[begin(Op::Red)] >> -(atom_sem[set_sem_attr]) >>
                                  -(scope_sym[set_scope]) >> rmw_sym[set_rmw] >> opt_type >> mnemonic_end] >
                       location > ',' > operand;
const auto alias_fence = [](auto& ctx) { state(ctx).instr.fence = FenceKind::Alias; };
const auto proxy_fence = [](auto& ctx) {
  state(ctx).instr.fence = FenceKind::Proxy;
  state(ctx).instr.proxy = _attr(ctx);
};
const auto fence_instr_def = x3::lexeme[x3::lit("fence")[begin(Op::Fence)] >>
                                    ((fence_sem[set_sem_attr] >> -(scope_sym[set_scope])) |
                                     (x3::lit(".proxy") >> (x3::lit(".alias")[alias_fence] | proxy_fence_sym[proxy_fence]))) >>
                                    mnemonic_end];
const auto not_cta = [](auto& ctx) { state(ctx).instr.bar_cta = false; };
const auto set_arrive = [](auto& ctx) { state(ctx).instr.op = Op::BarArrive; };
const auto bar_instr_def = x3::lexeme[x3::lit("bar")[begin(Op::BarSync)] >> (x3::lit(".cta") | x3::eps[not_cta]) >>
                                  (x3::lit(".sync") | x3::lit(".arrive")[set_arrive]) >> mnemonic_end] >
                       operand > *(',' > operand);
const auto goto_instr_def = (kw("goto") | kw("bra"))[begin(Op::Goto)] > label_ref;
const auto branch_instr_def = x3::lexeme[branch_sym[set_branch] >> word_end] > operand > ',' > operand > ',' > label_ref;
const auto arith_instr_def = x3::lexeme[arith_sym[set_arith] >> opt_type >> mnemonic_end] > reg_dst > ',' > operand > ',' > operand;
const auto mov_instr_def = x3::lexeme[x3::lit("mov")[begin(Op::Mov)] >> opt_type >> mnemonic_end] > reg_dst > ',' > operand;

BOOST_SPIRIT_DEFINE(ld_instr, st_instr, atom_instr, red_instr, fence_instr, bar_instr, goto_instr, branch_instr,
                    arith_instr, mov_instr)

const auto unknown_instr = [](auto& ctx) {
  const std::string& text = _attr(ctx);
  SourceLoc where = loc_at(ctx, state(ctx).instr_pos);
  throw input_error(where, "unknown instruction '" + text + "'");
};
x3::rule<struct bad_tag> const bad_instr = "instruction";
const auto bad_instr_def = x3::lexeme[+x3::char_("a-zA-Z0-9._%")][unknown_instr];
BOOST_SPIRIT_DEFINE(bad_instr)

const auto finish_instr = [](auto& ctx) {
  auto& st = state(ctx);
  st.instr.where = locate(*st.text, *st.file, st.instr_pos);
  st.cell.instr = std::move(st.instr);
};
const auto set_instr_pos = [](auto& ctx) { state(ctx).instr_pos = _attr(ctx); };
x3::rule<struct instr_tag> const instruction = "instruction";
const auto instruction_def = x3::omit[pos[set_instr_pos]] >> (ld_instr | st_instr | atom_instr | red_instr | fence_instr | bar_instr | goto_instr |
                          branch_instr | arith_instr | mov_instr | bad_instr)[finish_instr];
BOOST_SPIRIT_DEFINE(instruction)

const auto add_label = [](auto& ctx) {
  state(ctx).cell.labels.push_back(at_c<1>(_attr(ctx)));
  state(ctx).cell.label_where.push_back(loc_at(ctx, at_c<0>(_attr(ctx))));
};
x3::rule<struct label_tag> const label_def = "label";
const auto label_def_def = (pos >> ident >> ':')[add_label];
BOOST_SPIRIT_DEFINE(label_def)
const auto finish_cell = [](auto& ctx) {
  auto& st = state(ctx);
  st.row.push_back(std::move(st.cell));
  st.cell = Cell{};
};
x3::rule<struct cell_tag> const cell = "instruction";
const auto cell_def = (*label_def >> -instruction)[finish_cell];
BOOST_SPIRIT_DEFINE(cell)
const auto start_row = [](auto& ctx) {
  auto& st = state(ctx);
  st.row.clear();
  st.cell = Cell{};
  st.row_start = _attr(ctx);
};
const auto finish_row = [](auto& ctx) {
  auto& st = state(ctx);
  if (st.row.size() != st.test.threads.size())
    throw input_error(locate(*st.text, *st.file, st.row_start),
                      "instruction row has " + std::to_string(st.row.size()) + " columns, expected " +
                          std::to_string(st.test.threads.size()));
  st.test.rows.push_back(std::move(st.row));
  st.row.clear();
};
const auto condition_start = kw("exists") | kw("forall") | (x3::lit('~') >> kw("exists")) | kw("locations") | kw("filter");
x3::rule<struct row_tag> const instr_row = "instruction row";
const auto instr_row_def = ((!condition_start >> !x3::eoi >> x3::omit[pos[start_row]] >> (cell % '|')) > x3::lit(';'))[finish_row];
BOOST_SPIRIT_DEFINE(instr_row)

// ---------------------------------------------------------------- condition

x3::rule<struct disj_tag, Cond> const disj = "condition";
x3::rule<struct conj_tag, Cond> const conj = "condition";
x3::rule<struct unary_tag, Cond> const unary = "condition";
x3::rule<struct atom_tag, Cond> const cond_atom = "condition";

auto binary(Cond::Kind k) {
  return [k](auto& ctx) {
    Cond c;
    c.kind = k;
    c.where = _val(ctx).where;
    c.kids.push_back(std::move(_val(ctx)));
    c.kids.push_back(std::move(_attr(ctx)));
    _val(ctx) = std::move(c);
  };
}
const auto set_cond = [](auto& ctx) { _val(ctx) = std::move(_attr(ctx)); };
const auto mk_not = [](auto& ctx) {
  Cond c;
  c.kind = Cond::Kind::Not;
  c.where = loc_at(ctx, at_c<0>(_attr(ctx)));
  c.kids.push_back(std::move(at_c<1>(_attr(ctx))));
  _val(ctx) = std::move(c);
};
auto mk_const(bool v) {
  return [v](auto& ctx) {
    Cond c;
    c.kind = v ? Cond::Kind::True : Cond::Kind::False;
    c.where = loc_at(ctx, _attr(ctx));
    _val(ctx) = std::move(c);
  };
}
struct cmp_table : x3::symbols<Cond::Kind> {
  cmp_table() { add("==", Cond::Kind::Eq)("!=", Cond::Kind::Ne)("=", Cond::Kind::Eq); }
} const cmp_op;
// Conditions nest by recursion: bound the depth so that a hostile input
// cannot overflow the stack (found by fuzzing).
constexpr int kMaxConditionDepth = 64;
const auto enter = [](auto& ctx) {
  auto& st = state(ctx);
  if (++st.depth > kMaxConditionDepth) {
    auto off = static_cast<std::size_t>(_where(ctx).begin() - st.begin);
    throw input_error(locate(*st.text, *st.file, off > 0 ? off - 1 : 0), "condition nested too deeply");
  }
};
const auto leave = [](auto& ctx) { --state(ctx).depth; };

// `0==0`, `1 != 2`: a comparison of constants (Dat3M's progress tests end
// with `exists 0==0`) folds to true or false.
const auto mk_const_cmp = [](auto& ctx) {
  auto& attr = _attr(ctx);
  Cond c;
  c.where = loc_at(ctx, at_c<0>(attr));
  bool equal = at_c<1>(attr) == at_c<3>(attr);
  c.kind = (at_c<2>(attr) == Cond::Kind::Eq) == equal ? Cond::Kind::True : Cond::Kind::False;
  _val(ctx) = std::move(c);
};
// The right-hand side of a comparison: an integer, a register (P0:r1) or a
// location.
struct Rhs {
  bool is_value = true;
  std::int64_t value = 0;
  int thread = -1;
  std::string name;
};
const auto rhs_value = [](auto& ctx) { _val(ctx).value = _attr(ctx); };
const auto rhs_reg = [](auto& ctx) {
  _val(ctx).is_value = false;
  _val(ctx).thread = at_c<0>(_attr(ctx));
  _val(ctx).name = at_c<1>(_attr(ctx));
};
const auto rhs_loc = [](auto& ctx) {
  _val(ctx).is_value = false;
  _val(ctx).name = _attr(ctx);
};
x3::rule<struct rhs_tag, Rhs> const cmp_rhs = "integer, register or location";
const auto cmp_rhs_def = integer[rhs_value] | (thread_ref >> ':' >> ident)[rhs_reg] | ident[rhs_loc];
BOOST_SPIRIT_DEFINE(cmp_rhs)
void set_rhs(Cond& c, const Rhs& r) {
  if (r.is_value) {
    c.value = r.value;
  } else {
    c.rhs_thread = r.thread;
    c.rhs_name = r.name;
  }
}
const auto mk_reg_cmp = [](auto& ctx) {
  auto& attr = _attr(ctx);
  Cond c;
  c.where = loc_at(ctx, at_c<0>(attr));
  c.thread = at_c<1>(attr);
  c.name = at_c<2>(attr);
  c.kind = at_c<3>(attr);
  set_rhs(c, at_c<4>(attr));
  _val(ctx) = std::move(c);
};
const auto mk_loc_cmp = [](auto& ctx) {
  auto& attr = _attr(ctx);
  Cond c;
  c.where = loc_at(ctx, at_c<0>(attr));
  c.name = at_c<1>(attr);
  c.kind = at_c<2>(attr);
  set_rhs(c, at_c<3>(attr));
  _val(ctx) = std::move(c);
};
x3::rule<struct cmp_tag, Cond::Kind> const comparison = "'==' or '!='";
const auto comparison_def = cmp_op;
x3::rule<struct close_paren_tag> const close_paren = "')'";
const auto close_paren_def = x3::lit(')')[leave];
BOOST_SPIRIT_DEFINE(comparison, close_paren)
const auto cond_atom_def = ((pos >> integer >> cmp_op) > integer)[mk_const_cmp] |
                           ((pos >> thread_ref >> ':' >> ident) > comparison > cmp_rhs)[mk_reg_cmp] |
                           ((pos >> ident >> cmp_op) > cmp_rhs)[mk_loc_cmp];
const auto unary_def = ((pos >> x3::lit('~')[enter]) > unary > x3::eps[leave])[mk_not] |
                       (x3::lit('(')[enter] > disj > close_paren)[set_cond] |
                       (pos >> kw("true"))[mk_const(true)] | (pos >> kw("false"))[mk_const(false)] |
                       cond_atom[set_cond];
const auto conj_def = unary[set_cond] >> *("/\\" > unary)[binary(Cond::Kind::And)];
const auto disj_def = conj[set_cond] >> *("\\/" > conj)[binary(Cond::Kind::Or)];
BOOST_SPIRIT_DEFINE(disj, conj, unary, cond_atom)

auto set_quant(Quantifier q) { return [q](auto& ctx) { state(ctx).test.quantifier = q; }; }
const auto set_condition = [](auto& ctx) { state(ctx).test.condition = std::move(_attr(ctx)); };
const auto unsupported_section = [](auto& ctx) {
  throw input_error(loc_at(ctx, _attr(ctx)), "unsupported: 'locations' and 'filter' sections");
};
x3::rule<struct quant_tag> const quantifier = "'exists', '~exists' or 'forall'";
const auto quantifier_def = kw("exists")[set_quant(Quantifier::Exists)] |
                            (x3::lit('~') >> kw("exists"))[set_quant(Quantifier::NotExists)] |
                            kw("forall")[set_quant(Quantifier::Forall)] |
                            (pos >> (kw("locations") | kw("filter")))[unsupported_section];
BOOST_SPIRIT_DEFINE(quantifier)

x3::rule<struct end_tag> const end_of_test = "end of input";
const auto end_of_test_def = x3::eoi;
BOOST_SPIRIT_DEFINE(end_of_test)

// A named rule, so that an expectation failure reads "expected condition"
// and not the mangled type of the semantic action.
x3::rule<struct condition_tag> const condition = "condition";
const auto condition_def = disj[set_condition];
BOOST_SPIRIT_DEFINE(condition)

const auto litmus_file = header > init_block > thread_row > *instr_row > quantifier > condition > end_of_test;

// The first offset at or after `offset` that is not blank or in a comment.
std::size_t skip_blank(const std::string& text, std::size_t offset) {
  std::size_t i = std::min(offset, text.size());
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
    } else if (text.compare(i, 2, "(*") == 0) {
      std::size_t end = text.find("*)", i + 2);
      if (end == std::string::npos) break;
      i = end + 2;
    } else if (text.compare(i, 2, "//") == 0) {
      while (i < text.size() && text[i] != '\n') ++i;
    } else {
      break;
    }
  }
  return i;
}

[[noreturn]] void syntax_error(const ParseState& st, const x3::expectation_failure<It>& e) {
  std::string which = e.which();
  auto off = skip_blank(*st.text, static_cast<std::size_t>(e.where() - st.begin));
  std::string found = "end of input";
  if (off < st.text->size()) {
    std::size_t end = off;
    while (end < st.text->size() && end - off < 16 && !std::isspace(static_cast<unsigned char>((*st.text)[end]))) ++end;
    found = "'" + st.text->substr(off, std::max<std::size_t>(end - off, 1)) + "'";
  }
  if (which.size() == 1 || which == "'PTX'") which = "'" + which + "'";
  throw input_error(locate(*st.text, *st.file, off), "expected " + which + ", found " + found);
}

}  // namespace

SourceLoc locate(const std::string& text, const std::string& filename, std::size_t offset) {
  // Actions see the position before the skipper ran.
  std::size_t i = skip_blank(text, offset);
  if (i >= text.size()) i = std::min(offset, text.size());
  return location_at(text, i, filename);
}

Test parse_litmus(const std::string& text, const std::string& filename) {
  ParseState st{text.begin(), &text, &filename, {}, {}, {}, {}, 0, 0};
  st.test.file = filename;
  It first = text.begin(), last = text.end();
  try {
    auto parser = x3::with<state_tag>(std::ref(st))[litmus_file];
    bool ok = x3::phrase_parse(first, last, parser, skipper);
    if (!ok) throw input_error(locate(text, filename, static_cast<std::size_t>(first - text.begin())), "expected 'PTX'");
  } catch (const x3::expectation_failure<It>& e) {
    syntax_error(st, e);
  }
  return std::move(st.test);
}

Test parse_litmus_file(const std::string& path) { return parse_litmus(read_file(path), path); }

}  // namespace racecert::explorer::litmus
