#pragma once
// The text of an inline PTX statement (`asm("ld.global.f32 %0, [%1];" ...)`)
// as instructions: parsed with Boost.Spirit X3 and printed back. Used by the
// inline-assembly lowering (frontend/lower_asm.cpp); free of Clang, so that
// its fuzz target (fuzz/ptx_asm_fuzz.cpp) needs nothing else.
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace racecert::frontend::ptx {

// A register: `$0` (the asm statement's operand 0, as Clang writes `%0`),
// `%rd1` (a PTX register), `%laneid`, or `_` (a sink).
struct Register {
  std::string name;
  bool operator==(const Register&) const = default;
};
struct Immediate {
  std::int64_t value = 0;
  bool operator==(const Immediate&) const = default;
};
// `[base]`, `[base+offset]`, `[base-offset]`: offset counts bytes.
struct Address {
  Register base;
  std::int64_t offset = 0;
  bool operator==(const Address&) const = default;
};
// `{a, b, c, d}`: the registers of a .v2/.v4 access.
struct Vector {
  std::vector<Register> elements;
  bool operator==(const Vector&) const = default;
};
using Operand = std::variant<Register, Immediate, Address, Vector>;

// `@%p ld.global.v2.f32 {$0, $1}, [$2+8]`: opcode "ld", modifiers
// {"global", "v2", "f32"} (without their dots). A declaration such as
// `.reg .u64 %rd1` has an empty opcode and modifiers {"reg", "u64"}.
struct Instruction {
  std::string guard;  // the predicate register after '@' ("" when none; "!%p" when negated)
  std::string opcode;
  std::vector<std::string> modifiers;
  std::vector<Operand> operands;
  bool operator==(const Instruction&) const = default;
};

// The instructions of `text` (separated by ';'; `{` and `}` scopes and
// comments are dropped); nullopt when it is not of this form.
std::optional<std::vector<Instruction>> parse(const std::string& text);

// Back to text that parses to the same instructions.
std::string print(const Instruction& i);
std::string print(const std::vector<Instruction>& program);

}  // namespace racecert::frontend::ptx
