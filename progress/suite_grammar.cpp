// The test-suite form (one test per file) in Boost.Spirit X3:
//   THREAD <id>
//   <label>: Mem[<x>] = <v>;
//   <label>: if (Mem[<x>] == <v>) goto <L>;
//   <label>: if (Exch(Mem[<x>],<w>) == <v>) goto <L>;
// <L> is an instruction number or END. The trailing ';' is optional.
#include "progress/grammar_common.hpp"
#include "progress/parser.hpp"

namespace racecert::progress {
namespace {

using namespace detail;

x3::rule<struct number_tag, std::uint64_t> const number = "number";
x3::rule<struct mem_tag> const mem_ref = "Mem[<location>]";
x3::rule<struct target_tag> const target = "jump target (number or END)";
x3::rule<struct cond_tag> const condition = "Mem[...] or Exch(Mem[...],...)";
x3::rule<struct stmt_tag> const statement = "statement (Mem[...] = v or if (...) goto L)";
x3::rule<struct instr_tag> const instruction = "instruction";
x3::rule<struct thread_tag> const thread = "THREAD";
x3::rule<struct file_tag> const file = "THREAD";
x3::rule<struct end_tag> const end_of_input = "instruction, THREAD or end of input";

const auto number_def = x3::lexeme[x3::uint_parser<std::uint64_t>() >> !(x3::alpha | x3::char_('_'))];

const auto on_thread = [](auto& ctx) { builder(ctx).begin_thread(x3::_attr(ctx), offset(ctx)); };
const auto on_label = [](auto& ctx) { builder(ctx).begin_instr(x3::_attr(ctx), offset(ctx)); };
const auto on_loc = [](auto& ctx) { builder(ctx).set_loc_number(x3::_attr(ctx), offset(ctx)); };
const auto on_check = [](auto& ctx) { builder(ctx).set_check(x3::_attr(ctx), offset(ctx)); };
const auto on_write = [](auto& ctx) {
  builder(ctx).set_exch(true);
  builder(ctx).set_write(x3::_attr(ctx), offset(ctx));
};
const auto on_store = [](auto& ctx) { builder(ctx).make_store(); };
const auto on_jump = [](auto& ctx) { builder(ctx).set_jump(x3::_attr(ctx), offset(ctx)); };
const auto on_end = [](auto& ctx) { builder(ctx).set_jump_end(offset(ctx)); };
const auto on_instr_end = [](auto& ctx) { builder(ctx).end_instr(); };

const auto mem_ref_def = kw("Mem") > '[' > number[on_loc] > ']';
const auto target_def = number[on_jump] | kw("END")[on_end];
const auto condition_def = (mem_ref | (kw("Exch") > '(' > mem_ref > ',' > number[on_write] > ')')) > "==" >
                           number[on_check];
const auto statement_def = (mem_ref >> ('=' > number[on_write]))[on_store] |
                           (kw("if") > '(' > condition > ')' > kw("goto") > target);
const auto instruction_def = (number[on_label] > ':' > statement > -x3::lit(';'))[on_instr_end];
const auto thread_def = kw("THREAD") > number[on_thread] > *instruction;
const auto end_of_input_def = x3::eoi;
const auto file_def = x3::eps > thread > *thread > end_of_input;

BOOST_SPIRIT_DEFINE(number, mem_ref, target, condition, statement, instruction, thread, file, end_of_input)

}  // namespace

Program parse_suite(const std::string& text, const std::string& filename) {
  return detail::run_grammar(file, text, filename);
}

}  // namespace racecert::progress
