// The AXB form of the paper (Fig. 2c) in Boost.Spirit X3:
//   Thread <id>: [ <label>: AXB(<loc>, <check>, <jump>, <exch>, <write>) ... ]
// <loc> is an identifier or a number; <jump> a number or END; the fifth
// argument may be omitted when <exch> is false (it is unused then).
#include "progress/grammar_common.hpp"
#include "progress/parser.hpp"

namespace racecert::progress {
namespace {

using namespace detail;

x3::rule<struct number_tag, std::uint64_t> const number = "number";
x3::rule<struct ident_tag, std::string> const identifier = "identifier";
x3::rule<struct location_tag> const location = "location (identifier or number)";
x3::rule<struct value_tag> const check_value = "value";
x3::rule<struct write_tag> const write_value = "value";
x3::rule<struct target_tag> const target = "jump target (number or END)";
x3::rule<struct bool_tag> const flag = "true or false";
x3::rule<struct axb_kw_tag> const axb_kw = "AXB";
x3::rule<struct instr_tag> const instruction = "instruction";
x3::rule<struct thread_tag> const thread = "Thread";
x3::rule<struct file_tag> const file = "Thread";
x3::rule<struct end_tag> const end_of_input = "Thread or end of input";

const auto number_def = x3::lexeme[x3::uint_parser<std::uint64_t>() >> !(x3::alpha | x3::char_('_'))];
const auto identifier_def = x3::lexeme[(x3::alpha | x3::char_('_')) >> *(x3::alnum | x3::char_('_'))];

const auto on_thread = [](auto& ctx) { builder(ctx).begin_thread(x3::_attr(ctx), offset(ctx)); };
const auto on_label = [](auto& ctx) { builder(ctx).begin_instr(x3::_attr(ctx), offset(ctx)); };
const auto on_loc_num = [](auto& ctx) { builder(ctx).set_loc_number(x3::_attr(ctx), offset(ctx)); };
const auto on_loc_name = [](auto& ctx) { builder(ctx).set_loc_name(x3::_attr(ctx)); };
const auto on_check = [](auto& ctx) { builder(ctx).set_check(x3::_attr(ctx), offset(ctx)); };
const auto on_write = [](auto& ctx) { builder(ctx).set_write(x3::_attr(ctx), offset(ctx)); };
const auto on_jump = [](auto& ctx) { builder(ctx).set_jump(x3::_attr(ctx), offset(ctx)); };
const auto on_end = [](auto& ctx) { builder(ctx).set_jump_end(offset(ctx)); };
const auto on_true = [](auto& ctx) { builder(ctx).set_exch(true); };
const auto on_false = [](auto& ctx) { builder(ctx).set_exch(false); };
const auto on_instr_end = [](auto& ctx) { builder(ctx).end_instr(); };

const auto location_def = number[on_loc_num] | identifier[on_loc_name];
const auto check_value_def = number[on_check];
const auto write_value_def = number[on_write];
const auto target_def = number[on_jump] | kw("END")[on_end];
const auto flag_def = kw("true")[on_true] | kw("false")[on_false];
const auto axb_kw_def = kw("AXB");
const auto instruction_def = (number[on_label] > ':' > axb_kw > '(' > location > ',' > check_value > ',' >
                              target > ',' > flag > -(',' > write_value) > ')')[on_instr_end];
const auto thread_def = kw("Thread") > number[on_thread] > ':' > '[' > *instruction > ']';
const auto end_of_input_def = x3::eoi;
const auto file_def = x3::eps > thread > *thread > end_of_input;

BOOST_SPIRIT_DEFINE(number, identifier, location, check_value, write_value, target, flag, axb_kw, instruction,
                    thread, file, end_of_input)

}  // namespace

Program parse_axb(const std::string& text, const std::string& filename) {
  return detail::run_grammar(file, text, filename);
}

}  // namespace racecert::progress
