// The test-suite form (one test per file) in Boost.Spirit X3:
//   THREAD <id>
//   <label>: Mem[<x>] = <v>;
//   <label>: if (Mem[<x>] == <v>) goto <L>;
//   <label>: if (Exch(Mem[<x>],<w>) == <v>) goto <L>;
// <L> is an instruction number or END. The trailing ';' is optional.
// Every expectation target is a named rule, so errors read "expected <name>".
#include "progress/grammar_common.hpp"
#include "progress/parser.hpp"

namespace racecert::progress {
namespace {

using namespace detail;

x3::rule<struct thread_id_tag> const thread_id = "thread number";
x3::rule<struct label_tag> const label = "instruction label";
x3::rule<struct loc_tag> const location = "location number";
x3::rule<struct store_value_tag> const store_value = "value";
x3::rule<struct exch_value_tag> const exch_value = "value";
x3::rule<struct check_value_tag> const check_value = "value";
x3::rule<struct mem_tag> const mem_ref = "Mem[<location>]";
x3::rule<struct goto_tag> const goto_kw = "goto";
x3::rule<struct target_tag> const target = "jump target (number or END)";
x3::rule<struct cond_tag> const condition = "Mem[...] or Exch(Mem[...],...)";
x3::rule<struct stmt_tag> const statement = "statement (Mem[...] = v or if (...) goto L)";
x3::rule<struct instr_tag> const instruction = "instruction";
x3::rule<struct thread_tag> const thread = "THREAD";
x3::rule<struct file_tag> const file = "THREAD";
x3::rule<struct end_tag> const end_of_input = "instruction, THREAD or end of input";

const auto on_thread = [](auto& ctx) { auto n = number_of(ctx); builder(ctx).begin_thread(n.value, n.pos); };
const auto on_label = [](auto& ctx) { auto n = number_of(ctx); builder(ctx).begin_instr(n.value, n.pos); };
const auto on_loc = [](auto& ctx) { auto n = number_of(ctx); builder(ctx).set_loc_number(n.value, n.pos); };
const auto on_check = [](auto& ctx) { auto n = number_of(ctx); builder(ctx).set_check(n.value, n.pos); };
const auto on_write = [](auto& ctx) {
  auto n = number_of(ctx);
  builder(ctx).set_exch(true);
  builder(ctx).set_write(n.value, n.pos);
};
const auto on_store = [](auto& ctx) { builder(ctx).make_store(); };
const auto on_jump = [](auto& ctx) { auto n = number_of(ctx); builder(ctx).set_jump(n.value, n.pos); };
const auto on_end = [](auto& ctx) { builder(ctx).set_jump_end(offset_of(ctx, x3::_attr(ctx))); };
const auto on_instr_end = [](auto& ctx) { builder(ctx).end_instr(); };

const auto thread_id_def = digits[on_thread];
const auto label_def = digits[on_label];
const auto location_def = digits[on_loc];
const auto store_value_def = digits[on_write];
const auto exch_value_def = digits[on_write];
const auto check_value_def = digits[on_check];
const auto mem_ref_def = kw("Mem") > '[' > location > ']';
const auto goto_kw_def = kw("goto");
const auto target_def = digits[on_jump] | x3::raw[kw("END")][on_end];
const auto condition_def = (mem_ref | (kw("Exch") > '(' > mem_ref > ',' > exch_value > ')')) > "==" > check_value;
const auto statement_def =
    (mem_ref >> ('=' > store_value))[on_store] | (kw("if") > '(' > condition > ')' > goto_kw > target);
const auto instruction_def = (label > ':' > statement > -x3::lit(';'))[on_instr_end];
const auto thread_def = kw("THREAD") > thread_id > *instruction;
const auto end_of_input_def = x3::eoi;
const auto file_def = x3::eps > thread > *thread > end_of_input;

BOOST_SPIRIT_DEFINE(thread_id, label, location, store_value, exch_value, check_value, mem_ref, goto_kw, target,
                    condition, statement, instruction, thread, file, end_of_input)

}  // namespace

Program parse_suite(const std::string& text, const std::string& filename) {
  return detail::run_grammar(file, text, filename);
}

}  // namespace racecert::progress
