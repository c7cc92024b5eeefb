// The text form in Boost.Spirit X3. Semantic actions build the Program
// directly through a ParseState carried in the parser context; range checks
// happen in the actions so that errors point at the offending token.
#include "barriers/parser.hpp"

#include <algorithm>
#include <boost/spirit/home/x3.hpp>
#include <cctype>
#include <set>

#include "support/diagnostic.hpp"
#include "support/expr_grammar.hpp"

namespace racecert::barriers {

namespace x3 = boost::spirit::x3;
namespace eg = racecert::expr::grammar;
using It = std::string::const_iterator;

namespace {

class ParseState {
 public:
  ParseState(const std::string& text, const std::string& filename) : text_(text), filename_(filename) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') line_starts_.push_back(i + 1);
  }

  // Actions see positions before the skipper ran: step over blanks and comments.
  std::size_t skip_blank(std::size_t i) const {
    while (i < text_.size()) {
      char c = text_[i];
      if (std::isspace(static_cast<unsigned char>(c))) {
        ++i;
      } else if (c == '#' || text_.compare(i, 2, "//") == 0) {
        while (i < text_.size() && text_[i] != '\n') ++i;
      } else if (text_.compare(i, 2, "/*") == 0) {
        std::size_t end = text_.find("*/", i + 2);
        if (end == std::string::npos) break;
        i = end + 2;
      } else {
        break;
      }
    }
    return i;
  }
  Pos pos(std::size_t offset) const {
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    std::size_t line = static_cast<std::size_t>(it - line_starts_.begin());
    return Pos{static_cast<std::uint32_t>(line), static_cast<std::uint32_t>(offset - line_starts_[line - 1] + 1)};
  }
  SourceLoc loc(std::size_t offset) const {
    Pos p = pos(offset);
    return SourceLoc{filename_, static_cast<int>(p.line), static_cast<int>(p.column)};
  }
  std::size_t offset(It at) const { return static_cast<std::size_t>(at - text_.begin()); }
  std::size_t token(It at) const { return skip_blank(offset(at)); }
  [[noreturn]] void fail(std::size_t offset, const std::string& msg) const { throw input_error(loc(offset), msg); }

  // ---- kernel level
  void begin_kernel(const std::string& name, std::size_t at) {
    if (!names_.insert(name).second) fail(at, "kernel '" + name + "' defined twice");
    out.emplace_back();
    prog_ = &out.back();
    prog_->name = name;
    prog_->loc = loc(at);
    prog_->files = {filename_};
    block_given_ = false;
  }
  void set_block(std::uint64_t n, std::size_t at) {
    if (n == 0 || n > kMaxBlockThreads)
      fail(at, "block size must be between 1 and " + std::to_string(kMaxBlockThreads) + " threads");
    if (block_given_) fail(at, "block size given twice");
    prog_->block_threads = static_cast<std::uint32_t>(n);
    block_given_ = true;
  }
  void set_lockstep() { prog_->lockstep = true; }
  void end_kernel() {
    if (!block_given_) {
      std::uint32_t end = 0;
      for (const Unit& u : prog_->units) end = std::max(end, u.first_thread + u.num_threads);
      prog_->block_threads = std::max<std::uint32_t>(end, 1);
    }
    validate(*prog_);
  }

  // ---- units
  void begin_unit(std::uint64_t first, std::uint64_t last, std::string name, std::size_t at) {
    if (last < first) fail(at, "empty thread range");
    if (last >= kMaxBlockThreads) fail(at, "thread " + std::to_string(last) + " outside any block (at most " +
                                               std::to_string(kMaxBlockThreads) + " threads)");
    Unit& u = prog_->add_unit(std::move(name), static_cast<std::uint32_t>(first),
                              static_cast<std::uint32_t>(last - first + 1), loc(at));
    unit_ = &u;
  }
  void warp_unit(std::uint64_t w, std::size_t at) {
    if (w >= kMaxBlockThreads / kWarpSize) fail(at, "warp " + std::to_string(w) + " outside any block");
    std::uint64_t first = w * kWarpSize, last = first + kWarpSize - 1;
    if (block_given_) {
      if (first >= prog_->block_threads)
        fail(at, "warp " + std::to_string(w) + " lies outside the block of " + std::to_string(prog_->block_threads) +
                     " threads");
      last = std::min<std::uint64_t>(last, prog_->block_threads - 1);
    }
    begin_unit(first, last, "warp " + std::to_string(w), at);
  }
  void range_unit(std::uint64_t first, std::uint64_t last, std::size_t at) {
    begin_unit(first, last,
               first == last ? "thread " + std::to_string(first)
                             : "threads " + std::to_string(first) + ".." + std::to_string(last),
               at);
  }
  void label_unit(const std::string& label) { unit_->name = label; }

  // ---- commands
  void start_command(Op op, std::size_t at) {
    op_ = op;
    cmd_at_ = at;
    nums_.clear();
    has_index_ = false;
    width_ = 1;
    value_.clear();
    has_value_ = false;
  }
  void begin_value(std::size_t at) {
    if (op_ != Op::Write) fail(at, "only a write stores a value");
    has_value_ = true;
  }
  void value_entry(std::int64_t v) { value_.push_back(v); }
  void width(std::uint64_t w, std::size_t at) {
    if (w == 0 || w > static_cast<std::uint64_t>(kMaxAccessWidth))
      fail(at, "access width must be between 1 and " + std::to_string(kMaxAccessWidth));
    width_ = static_cast<std::int64_t>(w);
  }
  void number(std::uint64_t n, std::size_t at) { nums_.emplace_back(n, at); }
  void name(const std::string& n) { name_ = n; }
  void end_barrier() {
    auto [b, b_at] = nums_.at(0);
    auto [n, n_at] = nums_.at(1);
    if (b >= kNumBarriers)
      fail(b_at, "barrier " + std::to_string(b) + " out of range (0.." + std::to_string(kNumBarriers - 1) + ")");
    if (n == 0 || n > kMaxBlockThreads)
      fail(n_at, "thread count " + std::to_string(n) + " out of range (1.." + std::to_string(kMaxBlockThreads) + ")");
    push(Command{op_, 0, static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(n), pos(cmd_at_)});
  }
  void end_access() {
    std::uint32_t var = prog_->var(name_);
    if (width_ != 1 && !has_index_) begin_index(false);  // `write g width 4` is `write g[0] width 4`
    index_.width = width_;
    std::uint32_t aux = has_index_ ? prog_->index(index_) : kNoIndex;
    push(Command{op_, 0, var, aux, pos(cmd_at_)});
    if (has_value_) {
      if (value_.size() != 1 && value_.size() != unit_->num_threads)
        fail(cmd_at_, "value table has " + std::to_string(value_.size()) + " entries but " + describe(*unit_) +
                          " has " + std::to_string(unit_->num_threads) + " threads");
      prog_->set_value(*unit_, value_);
    }
  }
  void end_unknown(const std::string& why) {
    prog_->notes.push_back(why);
    push(Command{Op::Opaque, 0, static_cast<std::uint32_t>(prog_->notes.size() - 1), 0, pos(cmd_at_)});
  }

  // ---- index forms
  void begin_index(bool table) {
    has_index_ = true;
    index_ = IndexForm{};
    index_.kind = table ? IndexForm::Kind::Table : IndexForm::Kind::Affine;
  }
  void table_entry(std::int64_t v, std::size_t at) {
    if (v > kMaxIndexConstant || v < -kMaxIndexConstant) fail(at, "index too large");
    index_.table.push_back(v);
  }
  void term_sign(int s) {
    sign_ = s;
    coef_ = 1;
    var_ = -1;
  }
  void term_coef(std::uint64_t c, std::size_t at) {
    if (c > static_cast<std::uint64_t>(kMaxIndexConstant)) fail(at, "index too large");
    coef_ = static_cast<std::int64_t>(c);
  }
  void term_var(int v) { var_ = v; }
  void end_term(std::size_t at) {
    std::int64_t* slot = var_ == 0 ? &index_.per_tid : var_ == 1 ? &index_.per_lane : var_ == 2 ? &index_.per_warp
                                                                                                   : &index_.constant;
    std::int64_t limit = var_ < 0 ? kMaxIndexConstant : kMaxIndexCoefficient;
    *slot += sign_ * coef_;
    if (*slot > limit || *slot < -limit) fail(at, "index too large");
  }

  std::vector<Program> out;
  std::size_t marked = 0, term_at = 0;  // positions recorded by the grammar's markers

 private:
  const std::string& text_;
  const std::string& filename_;
  std::vector<std::size_t> line_starts_;
  std::set<std::string> names_;
  Program* prog_ = nullptr;
  Unit* unit_ = nullptr;
  bool block_given_ = false;
  Op op_ = Op::Read;
  std::size_t cmd_at_ = 0;
  std::vector<std::pair<std::uint64_t, std::size_t>> nums_;
  std::string name_;
  bool has_index_ = false;
  IndexForm index_;
  std::int64_t width_ = 1;
  bool has_value_ = false;
  ValueForm value_;
  int sign_ = 1, var_ = -1;
  std::int64_t coef_ = 1;

  void push(const Command& c) { unit_->cmds.push_back(c); }
};

struct state_tag;
template <class Ctx>
ParseState& st(Ctx& ctx) {
  return x3::get<state_tag>(ctx).get();
}
// Boost 1.74's _where(ctx) in an action is (end of the match, end of input),
// so positions come from an eps marker placed before the token: eps has
// skipped the blanks, and where(ctx).begin() is the token's first character.
template <class Ctx>
std::size_t at(Ctx& ctx) {
  return st(ctx).marked;
}
const auto on_mark = [](auto& ctx) { st(ctx).marked = st(ctx).token(_where(ctx).begin()); };
const auto on_term_mark = [](auto& ctx) { st(ctx).term_at = st(ctx).token(_where(ctx).begin()); };
const auto mark = x3::eps[on_mark];

// ------------------------------------------------------------------ lexemes

auto kw(const char* word) { return x3::lexeme[x3::lit(word) >> !(x3::alnum | x3::char_('_'))]; }

const auto skipper = x3::space | (x3::lit("//") >> *(x3::char_ - x3::eol)) | (x3::lit('#') >> *(x3::char_ - x3::eol)) |
                     (x3::lit("/*") >> *(x3::char_ - "*/") >> "*/");

x3::rule<struct name_tag, std::string> const name = "a name";
const auto name_def = x3::lexeme[(x3::alpha | x3::char_('_')) >> *(x3::alnum | x3::char_('_'))];

x3::rule<struct number_tag, std::uint64_t> const number = "a number";
const auto number_def = x3::lexeme[x3::uint_parser<std::uint64_t>{} >> !(x3::alnum | x3::char_('_'))];

x3::rule<struct integer_tag, std::int64_t> const integer = "an integer";
const auto integer_def = x3::lexeme[x3::int_parser<std::int64_t>{} >> !(x3::alnum | x3::char_('_'))];

x3::rule<struct string_tag, std::string> const string_lit = "a string";
const auto string_lit_def =
    x3::lexeme['"' > *((x3::lit('\\') > x3::char_) | (x3::char_ - '"' - x3::eol)) > '"'];

// ------------------------------------------------------------------ actions

const auto on_kernel = [](auto& ctx) { st(ctx).begin_kernel(_attr(ctx), at(ctx)); };
const auto on_block = [](auto& ctx) { st(ctx).set_block(_attr(ctx), at(ctx)); };
const auto on_lockstep = [](auto& ctx) { st(ctx).set_lockstep(); };
const auto on_end_kernel = [](auto& ctx) { st(ctx).end_kernel(); };
const auto on_warp = [](auto& ctx) { st(ctx).warp_unit(_attr(ctx), at(ctx)); };
const auto on_thread = [](auto& ctx) { st(ctx).range_unit(_attr(ctx), _attr(ctx), at(ctx)); };
const auto on_range = [](auto& ctx) {
  using boost::fusion::at_c;
  st(ctx).range_unit(at_c<0>(_attr(ctx)), at_c<1>(_attr(ctx)), at(ctx));
};
const auto on_label = [](auto& ctx) { st(ctx).label_unit(_attr(ctx)); };
auto start(Op op) {
  return [op](auto& ctx) { st(ctx).start_command(op, at(ctx)); };
}
const auto on_number = [](auto& ctx) { st(ctx).number(_attr(ctx), at(ctx)); };
const auto on_name = [](auto& ctx) { st(ctx).name(_attr(ctx)); };
const auto on_barrier = [](auto& ctx) { st(ctx).end_barrier(); };
const auto on_access = [](auto& ctx) { st(ctx).end_access(); };
const auto on_width = [](auto& ctx) { st(ctx).width(_attr(ctx), at(ctx)); };
const auto on_value = [](auto& ctx) { st(ctx).begin_value(at(ctx)); };
const auto on_value_entry = [](auto& ctx) { st(ctx).value_entry(_attr(ctx)); };
const auto on_unknown = [](auto& ctx) { st(ctx).end_unknown(_attr(ctx)); };
const auto on_table = [](auto& ctx) { st(ctx).begin_index(true); };
const auto on_affine = [](auto& ctx) { st(ctx).begin_index(false); };
const auto on_entry = [](auto& ctx) { st(ctx).table_entry(_attr(ctx), at(ctx)); };
auto sign(int s) {
  return [s](auto& ctx) { st(ctx).term_sign(s); };
}
const auto on_coef = [](auto& ctx) { st(ctx).term_coef(_attr(ctx), at(ctx)); };
auto var(int v) {
  return [v](auto& ctx) { st(ctx).term_var(v); };
}
const auto on_term = [](auto& ctx) { st(ctx).end_term(st(ctx).term_at); };

// ------------------------------------------------------------------ grammar

// Every operand of an expectation (>) is a named rule, so that errors read
// "expected a thread count" rather than a parser type.
x3::rule<struct kernel_name_tag> const kernel_name = "a kernel name";
const auto kernel_name_def = mark >> name[on_kernel];
x3::rule<struct block_size_tag> const block_size = "a block size";
const auto block_size_def = mark >> number[on_block];
x3::rule<struct barrier_id_tag> const barrier_id = "a barrier number";
const auto barrier_id_def = mark >> number[on_number];
x3::rule<struct thread_count_tag> const thread_count = "a thread count";
const auto thread_count_def = mark >> number[on_number];
x3::rule<struct var_name_tag> const var_name = "a variable name";
const auto var_name_def = name[on_name];
x3::rule<struct note_tag> const note = "a string";
const auto note_def = string_lit[on_unknown];
x3::rule<struct coef_tag> const coef = "a number";
const auto coef_def = mark >> number[on_coef];
x3::rule<struct entries_tag> const entries = "integers";
const auto entries_def = (mark >> integer[on_entry]) % ',';

x3::rule<struct index_var_tag> const index_var = "'tid', 'lane' or 'warp'";
const auto index_var_def = kw("tid")[var(0)] | kw("lane")[var(1)] | kw("warp")[var(2)];

x3::rule<struct term_tag> const term = "an index term";
const auto term_def = x3::eps[on_term_mark] >> ((coef >> -('*' > index_var)) | (index_var >> -('*' > coef)))[on_term];

x3::rule<struct affine_tag> const affine_index = "an index";
const auto affine_index_def = ((x3::lit('-')[sign(-1)] | x3::eps[sign(1)]) >> term) >>
                              *((x3::lit('+')[sign(1)] > term) | (x3::lit('-')[sign(-1)] > term));

x3::rule<struct index_tag> const index = "an index";
const auto index_def = (x3::lit('{')[on_table] > entries > '}') | (x3::eps[on_affine] >> affine_index);

x3::rule<struct barrier_cmd_tag> const barrier_cmd = "a barrier command";
const auto barrier_cmd_def =
    (mark >> (kw("sync")[start(Op::Sync)] | kw("arrive")[start(Op::Arrive)]) > barrier_id > thread_count)[on_barrier];

x3::rule<struct access_width_tag> const access_width = "an access width";
const auto access_width_def = mark >> number[on_width];

// The value a write stores: one for every thread, or a table, one per thread.
x3::rule<struct value_entries_tag> const value_entries = "integers";
const auto value_entries_def = integer[on_value_entry] % ',';
x3::rule<struct stored_value_tag> const stored_value = "a value";
const auto stored_value_def = (x3::lit('{') > value_entries > '}') | integer[on_value_entry];

x3::rule<struct access_cmd_tag> const access_cmd = "an access";
const auto access_cmd_def =
    (mark >> (kw("read")[start(Op::Read)] | kw("write")[start(Op::Write)]) > var_name > -('[' > index > ']') >
     -(kw("width") > access_width) > -((mark >> kw("value"))[on_value] > stored_value))[on_access];

x3::rule<struct unknown_cmd_tag> const unknown_cmd = "unknown";
const auto unknown_cmd_def = mark >> kw("unknown")[start(Op::Opaque)] > note;

x3::rule<struct command_tag> const command = "a command";
const auto command_def = (barrier_cmd | access_cmd | unknown_cmd) >> -x3::lit(';');

x3::rule<struct close_unit_tag> const close_unit = "a command (sync, arrive, read, write, unknown) or '}'";
const auto close_unit_def = x3::lit('}');

x3::rule<struct unit_head_tag> const unit_head = "a unit";
const auto unit_head_def = mark >> ((kw("warp") > number)[on_warp] |
                                     (kw("threads") > number > ".." > number)[on_range] |
                                     (kw("thread") > number)[on_thread]);

x3::rule<struct unit_tag> const unit = "a unit";
const auto unit_def = unit_head > -string_lit[on_label] > '{' > *command > close_unit;

x3::rule<struct option_tag> const option = "an option";
const auto option_def = (kw("block") > block_size) | kw("lockstep")[on_lockstep];

x3::rule<struct close_kernel_tag> const close_kernel = "a unit (warp, thread, threads) or '}'";
const auto close_kernel_def = x3::lit('}')[on_end_kernel];

x3::rule<struct open_kernel_tag> const open_kernel = "'block', 'lockstep' or '{'";
const auto open_kernel_def = x3::lit('{');

x3::rule<struct kernel_tag> const kernel = "'kernel'";
const auto kernel_def = kw("kernel") > kernel_name > *option > open_kernel > *unit > close_kernel;

x3::rule<struct end_tag> const end_of_input = "'kernel' or end of input";
const auto end_of_input_def = x3::eoi;

x3::rule<struct file_tag> const file = "'kernel'";
const auto file_def = kernel > *kernel > end_of_input;

BOOST_SPIRIT_DEFINE(name, number, integer, string_lit, kernel_name, block_size, barrier_id, thread_count, var_name,
                    note, coef, entries, index_var, term, affine_index, index, barrier_cmd, access_width, value_entries,
                    stored_value, access_cmd, unknown_cmd,
                    command, close_unit, unit_head, unit, option, close_kernel, open_kernel, kernel, end_of_input,
                    file)

}  // namespace

std::vector<Program> parse_text(const std::string& text, const std::string& filename) {
  ParseState state(text, filename);
  It first = text.begin(), last = text.end();
  try {
    auto parser = x3::with<state_tag>(std::ref(state))[file];
    bool ok = x3::phrase_parse(first, last, parser, skipper);
    if (!ok || first != last) {
      std::size_t off = state.token(first);
      state.fail(off, "expected 'kernel', found " + eg::found_token(text, off));
    }
  } catch (const x3::expectation_failure<It>& e) {
    // The same wording and position as the other formats' errors.
    std::size_t raw = state.offset(e.where());
    state.fail(eg::error_offset(text, raw, e.which()), "expected " + e.which() + ", found " + eg::found_token(text, state.token(e.where())));
  }
  return std::move(state.out);
}

std::vector<Program> parse_text_file(const std::string& path) { return parse_text(read_file(path), path); }

}  // namespace racecert::barriers
