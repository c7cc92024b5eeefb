// The inline PTX text form in Boost.Spirit X3 (frontend/ptx_asm.hpp). Only
// the shapes the lowering can use are accepted: an instruction is an
// optional `@guard`, an opcode with its `.modifiers`, and operands that are
// registers, integers, `[register+bytes]` addresses or `{register, ...}`
// vectors. Anything else (labels, `%rd<4>` register ranges, symbols) fails
// to parse, and the lowering reports the whole statement unsupported.
#include "frontend/ptx_asm.hpp"

#include <boost/spirit/home/x3.hpp>
#include <type_traits>

#include "support/overloaded.hpp"

namespace racecert::frontend::ptx {

namespace x3 = boost::spirit::x3;

std::optional<std::vector<Instruction>> parse(const std::string& text) {
  std::vector<Instruction> out;
  Instruction current;
  Address address;
  Vector vector;

  auto name_char = x3::alnum | x3::char_('_');
  auto reg = x3::rule<struct register_tag, std::string>{"register"} =
      x3::lexeme[(x3::char_('%') | x3::char_('$')) >> +name_char] | x3::string("_");
  // Hexadecimal first: the decimal parser would take the "0" of "0x10".
  auto imm = x3::rule<struct immediate_tag, std::int64_t>{"immediate"} =
      x3::lexeme[x3::lit("0x") >> x3::uint_parser<std::int64_t, 16>{}] | x3::long_long;
  auto guard = x3::rule<struct guard_tag, std::string>{"guard"} = x3::lexeme[-x3::char_('!') >> reg];
  auto opcode = x3::rule<struct opcode_tag, std::string>{"opcode"} = x3::lexeme[x3::alpha >> *name_char];
  auto modifier = x3::rule<struct modifier_tag, std::string>{"modifier"} =
      x3::lexeme['.' >> +(name_char | x3::char_(':'))];

  auto set_guard = [&](auto& ctx) {
    // X3 hands the `!` and the register over as an optional string.
    const auto& a = x3::_attr(ctx);
    if constexpr (std::is_same_v<std::decay_t<decltype(a)>, std::string>) current.guard = a;
    else current.guard = a ? std::string(*a) : std::string();
  };
  auto set_opcode = [&](auto& ctx) { current.opcode = x3::_attr(ctx); };
  auto add_modifier = [&](auto& ctx) { current.modifiers.push_back(x3::_attr(ctx)); };
  auto add_register = [&](auto& ctx) { current.operands.push_back(Register{x3::_attr(ctx)}); };
  auto add_immediate = [&](auto& ctx) { current.operands.push_back(Immediate{x3::_attr(ctx)}); };
  auto begin_address = [&](auto&) { address = Address{}; };
  auto set_base = [&](auto& ctx) { address.base = Register{x3::_attr(ctx)}; };
  auto plus = [&](auto& ctx) { address.offset = x3::_attr(ctx); };
  auto minus = [&](auto& ctx) {
    std::int64_t v = x3::_attr(ctx);
    if (v == INT64_MIN) x3::_pass(ctx) = false;  // -v overflows
    else address.offset = -v;
  };
  auto add_address = [&](auto&) { current.operands.push_back(address); };
  auto begin_vector = [&](auto&) { vector = Vector{}; };
  auto add_element = [&](auto& ctx) { vector.elements.push_back(Register{x3::_attr(ctx)}); };
  auto add_vector = [&](auto&) { current.operands.push_back(vector); };
  auto begin_instruction = [&](auto&) { current = Instruction{}; };
  auto end_instruction = [&](auto&) { out.push_back(current); };

  auto address_p = (x3::lit('[')[begin_address] >> reg[set_base] >> -(('+' >> imm[plus]) | ('-' >> imm[minus])) >>
                    ']')[add_address];
  auto vector_p = (x3::lit('{')[begin_vector] >> (reg[add_element] % ',') >> '}')[add_vector];
  auto operand = address_p | vector_p | imm[add_immediate] | reg[add_register];
  // An opcode with its modifiers, or a directive (`.reg .u64 %rd1`): modifiers only.
  auto head = (opcode[set_opcode] >> *modifier[add_modifier]) | +modifier[add_modifier];
  auto instruction = (x3::eps[begin_instruction] >> -('@' >> guard[set_guard]) >> head >> -(operand % ',') >>
                      (x3::lit(';') | &x3::lit('}') | x3::eoi))[end_instruction];
  auto program = *(x3::lit('{') | x3::lit('}') | x3::lit(';') | instruction);
  auto comment = x3::lexeme["//" >> *(x3::char_ - x3::eol)] | x3::lexeme["/*" >> *(x3::char_ - "*/") >> "*/"];
  auto skipper = x3::space | comment;

  auto it = text.begin();
  if (!x3::phrase_parse(it, text.end(), program, skipper) || it != text.end()) return std::nullopt;
  return out;
}

namespace {

std::string print_operand(const Operand& o) {
  return std::visit(Overloaded{
                        [](const Register& r) { return r.name; },
                        [](const Immediate& i) { return std::to_string(i.value); },
                        [](const Address& a) {
                          // "+-5" parses back as -5 (and INT64_MIN has no "-N" form).
                          return "[" + a.base.name + (a.offset != 0 ? "+" + std::to_string(a.offset) : "") + "]";
                        },
                        [](const Vector& v) {
                          std::string s = "{";
                          for (std::size_t i = 0; i < v.elements.size(); ++i) s += (i ? ", " : "") + v.elements[i].name;
                          return s + "}";
                        },
                    },
                    o);
}

}  // namespace

std::string print(const Instruction& i) {
  std::string s = i.guard.empty() ? "" : "@" + i.guard + " ";
  s += i.opcode;
  for (const auto& m : i.modifiers) s += (s.empty() || s.back() == ' ' ? "." : (i.opcode.empty() ? " ." : ".")) + m;
  for (std::size_t k = 0; k < i.operands.size(); ++k) s += (k ? ", " : " ") + print_operand(i.operands[k]);
  return s;
}

std::string print(const std::vector<Instruction>& program) {
  std::string s;
  for (const auto& i : program) s += print(i) + ";\n";
  return s;
}

}  // namespace racecert::frontend::ptx
