// The AXB form of the paper (Fig. 2c) in Boost.Spirit X3:
//   Thread <id>: [ <label>: AXB(<loc>, <check>, <jump>, <exch>, <write>) ... ]
// <loc> is an identifier or a number; <jump> a number or END; the fifth
// argument may be omitted when <exch> is false (it is unused then).
// Every expectation target is a named rule, so errors read "expected <name>".
#include "progress/grammar_common.hpp"
#include "progress/parser.hpp"

namespace racecert::progress {
namespace {

using namespace detail;

x3::rule<struct ident_tag, std::string> const identifier = "identifier";
x3::rule<struct thread_id_tag> const thread_id = "thread number";
x3::rule<struct label_tag> const label = "instruction label";
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

const auto identifier_def = x3::lexeme[(x3::alpha | x3::char_('_')) >> *(x3::alnum | x3::char_('_'))];

const auto on_thread = [](auto& ctx) { auto n = number_of(ctx); builder(ctx).begin_thread(n.value, n.pos); };
const auto on_label = [](auto& ctx) { auto n = number_of(ctx); builder(ctx).begin_instr(n.value, n.pos); };
const auto on_loc_num = [](auto& ctx) { auto n = number_of(ctx); builder(ctx).set_loc_number(n.value, n.pos); };
const auto on_loc_name = [](auto& ctx) { builder(ctx).set_loc_name(x3::_attr(ctx)); };
const auto on_check = [](auto& ctx) { auto n = number_of(ctx); builder(ctx).set_check(n.value, n.pos); };
const auto on_write = [](auto& ctx) { auto n = number_of(ctx); builder(ctx).set_write(n.value, n.pos); };
const auto on_jump = [](auto& ctx) { auto n = number_of(ctx); builder(ctx).set_jump(n.value, n.pos); };
const auto on_end = [](auto& ctx) { builder(ctx).set_jump_end(offset_of(ctx, x3::_attr(ctx))); };
const auto on_true = [](auto& ctx) { builder(ctx).set_exch(true); };
const auto on_false = [](auto& ctx) { builder(ctx).set_exch(false); };
const auto on_instr_end = [](auto& ctx) { builder(ctx).end_instr(); };

const auto thread_id_def = digits[on_thread];
const auto label_def = digits[on_label];
const auto location_def = digits[on_loc_num] | identifier[on_loc_name];
const auto check_value_def = digits[on_check];
const auto write_value_def = digits[on_write];
const auto target_def = digits[on_jump] | x3::raw[kw("END")][on_end];
const auto flag_def = kw("true")[on_true] | kw("false")[on_false];
const auto axb_kw_def = kw("AXB");
const auto instruction_def = (label > ':' > axb_kw > '(' > location > ',' > check_value > ',' > target > ',' >
                              flag > -(',' > write_value) > ')')[on_instr_end];
const auto thread_def = kw("Thread") > thread_id > ':' > '[' > *instruction > ']';
const auto end_of_input_def = x3::eoi;
const auto file_def = x3::eps > thread > *thread > end_of_input;

BOOST_SPIRIT_DEFINE(identifier, thread_id, label, location, check_value, write_value, target, flag, axb_kw,
                    instruction, thread, file, end_of_input)

}  // namespace

Program parse_axb(const std::string& text, const std::string& filename) {
  return detail::run_grammar(file, text, filename);
}

}  // namespace racecert::progress
