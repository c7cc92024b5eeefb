// Inline PTX (`asm("..." : outputs : inputs)`), parsed by frontend/ptx_asm:
//   - bar.sync / bar.arrive / barrier.sync (named barriers, docs/named-barriers.md);
//   - ld and st in every state space, with any cache hint, .volatile or
//     .relaxed/.acquire/.release and a scope, scalar or .v2/.v4/.v8: the
//     loads and stores they are, through the address operand's pointer;
//   - cvta (and mov between address registers): the result points where
//     the operand points;
//   - `.reg` declarations of the PTX registers those use.
// Every instruction of the statement must be one of these, else the whole
// statement is unsupported, the first other instruction named.
//
// Ordered accesses (.relaxed/.acquire/.release, .volatile) are plain
// accesses: two of them in different threads, one a store, are reported as
// a race. That may be a false alarm for a flag protocol, never a missed race.
#include <algorithm>
#include <map>
#include <set>

#include "frontend/lowering.hpp"
#include "frontend/ptx_asm.hpp"
#include "support/overloaded.hpp"

namespace racecert::frontend::detail {

using namespace clang;
using namespace racecert::expr;

namespace {

bool starts_with(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

// `$n`: the statement's operand n.
std::optional<unsigned> operand_number(const ptx::Register& r) {
  if (r.name.size() < 2 || r.name[0] != '$' || r.name.size() > 4) return std::nullopt;
  for (std::size_t i = 1; i < r.name.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(r.name[i]))) return std::nullopt;
  return static_cast<unsigned>(std::stoul(r.name.substr(1)));
}

// The access width of a PTX scalar type, in bytes (0: not one we model).
std::int64_t type_bytes(const std::string& t) {
  static const std::map<std::string, std::int64_t> sizes = {
      {"b8", 1},  {"u8", 1},  {"s8", 1},  {"b16", 2}, {"u16", 2}, {"s16", 2},    {"f16", 2},     {"bf16", 2},
      {"b32", 4}, {"u32", 4}, {"s32", 4}, {"f32", 4}, {"f16x2", 4}, {"bf16x2", 4}, {"b64", 8},
      {"u64", 8}, {"s64", 8}, {"f64", 8}};
  auto it = sizes.find(t);
  return it == sizes.end() ? 0 : it->second;
}

bool state_space(const std::string& m) {
  return m == "global" || m == "shared" || m == "shared::cta" || m == "local" || m == "const" || m == "param";
}

// What one ld/st says: its element type and vector width. Empty `why`: fine.
struct MemoryForm {
  std::string type;
  std::int64_t lanes = 1;
  std::string why;
};

MemoryForm memory_form(const ptx::Instruction& i) {
  MemoryForm f;
  int spaces = 0;
  for (const std::string& m : i.modifiers) {
    if (type_bytes(m) > 0) {
      if (!f.type.empty()) return {"", 1, "two types"};
      f.type = m;
    } else if (m == "v2" || m == "v4" || m == "v8") {
      f.lanes = m[1] - '0';
    } else if (state_space(m)) {
      ++spaces;
    } else if (m == "volatile" || m == "weak" || m == "relaxed" || m == "acquire" || m == "release" || m == "cta" ||
               m == "gpu" || m == "sys" || m == "cluster") {
      // Ordering and scope: a plain access (see the top of the file).
    } else if (m == "ca" || m == "cg" || m == "cs" || m == "lu" || m == "cv" || m == "wb" || m == "wt" || m == "nc" ||
               ((starts_with(m, "L1::") || starts_with(m, "L2::")) && m != "L2::cache_hint")) {
      // A cache hint: the same access.
    } else {
      return {"", 1, "modifier '." + m + "'"};
    }
  }
  if (f.type.empty()) return {"", 1, "no type"};
  if (spaces > 1) return {"", 1, "two state spaces"};
  if (i.opcode == "ld" && std::count(i.modifiers.begin(), i.modifiers.end(), "release"))
    return {"", 1, "a release load"};
  if (i.opcode == "st" && std::count(i.modifiers.begin(), i.modifiers.end(), "acquire"))
    return {"", 1, "an acquire store"};
  return f;
}

}  // namespace

void Lowerer::asm_stmt(const AsmStmt* s) {
  // (Positions come from getAsmLoc(): AsmStmt::getBeginLoc() is a stub that
  // returns an invalid location.)
  SourceLocation where = s->getAsmLoc();
  std::string text = s->generateAsmString(ctx_);
  auto trim = [](std::string x) {
    while (!x.empty() && std::isspace(static_cast<unsigned char>(x.front()))) x.erase(x.begin());
    while (!x.empty() && (std::isspace(static_cast<unsigned char>(x.back())) || x.back() == ';')) x.pop_back();
    return x;
  };
  text = trim(text);
  std::optional<std::vector<ptx::Instruction>> program = ptx::parse(text);
  if (!program) return unsupported("inline assembly '" + text + "'", where);
  const unsigned outputs = s->getNumOutputs();
  const unsigned inputs = s->getNumInputs();
  auto is_input = [&](const ptx::Register& r) {
    auto n = operand_number(r);
    return n && *n >= outputs && *n - outputs < inputs;
  };
  auto is_output = [&](const ptx::Register& r) {
    auto n = operand_number(r);
    return n && *n < outputs;
  };
  auto is_ptx_register = [](const ptx::Register& r) { return r.name.size() > 1 && r.name[0] == '%'; };

  // ---- 1. every instruction is one racecert models, else nothing is lowered.
  std::set<std::string> addresses;  // PTX registers that cvta/mov made addresses
  std::set<std::string> defined;    // PTX registers declared by .reg
  auto fail = [&](const ptx::Instruction& i, const std::string& why) {
    std::string name = trim(ptx::print(i));
    std::string in = program->size() > 1 ? " in '" + text + "'" : "";
    unsupported("inline assembly '" + name + "'" + in + (why.empty() ? "" : " (" + why + ")"), where);
  };
  auto address_register = [&](const ptx::Register& r) { return is_input(r) || addresses.count(r.name) > 0; };
  for (const ptx::Instruction& i : *program) {
    if (!i.guard.empty()) return fail(i, "a predicated instruction");
    if (i.opcode.empty()) {  // .reg .u64 %rd1, %rd2
      bool names = std::all_of(i.operands.begin(), i.operands.end(), [&](const ptx::Operand& o) {
        return std::holds_alternative<ptx::Register>(o) && is_ptx_register(std::get<ptx::Register>(o));
      });
      if (i.modifiers.size() != 2 || i.modifiers[0] != "reg" || !names) return fail(i, "");
      for (const auto& o : i.operands) defined.insert(std::get<ptx::Register>(o).name);
      continue;
    }
    if (i.opcode == "bar" || i.opcode == "barrier") {
      int kinds = 0;
      for (const std::string& m : i.modifiers) {
        if (m == "sync" || m == "arrive") ++kinds;
        else if (m != "cta" && m != "aligned") return fail(i, "");
      }
      if (kinds != 1 || i.operands.size() > 2) return fail(i, "");
      for (const auto& o : i.operands) {
        bool ok = std::holds_alternative<ptx::Immediate>(o) ||
                  (std::holds_alternative<ptx::Register>(o) && is_input(std::get<ptx::Register>(o)));
        if (!ok) return fail(i, "a barrier operand that is not a constant or an input");
      }
      continue;
    }
    if (i.opcode == "ld" || i.opcode == "st") {
      MemoryForm f = memory_form(i);
      if (!f.why.empty()) return fail(i, f.why);
      if (i.operands.size() != 2) return fail(i, "operands");
      const ptx::Operand& addr = i.opcode == "ld" ? i.operands[1] : i.operands[0];
      const ptx::Operand& data = i.opcode == "ld" ? i.operands[0] : i.operands[1];
      const auto* a = std::get_if<ptx::Address>(&addr);
      if (!a || !address_register(a->base)) return fail(i, "an address that is not an input or a cvta result");
      if (a->offset % type_bytes(f.type) != 0) return fail(i, "an offset that is not a multiple of the width");
      std::vector<ptx::Operand> lanes;
      if (const auto* v = std::get_if<ptx::Vector>(&data)) lanes.assign(v->elements.begin(), v->elements.end());
      else lanes.push_back(data);
      if (static_cast<std::int64_t>(lanes.size()) != f.lanes) return fail(i, "a vector of another width");
      for (const ptx::Operand& l : lanes) {
        bool ok = std::visit(Overloaded{
                                 [&](const ptx::Register& r) {
                                   if (i.opcode == "ld") {
                                     if (is_ptx_register(r)) addresses.erase(r.name);  // a value now
                                     return is_output(r) || r.name == "_" || is_ptx_register(r);
                                   }
                                   return is_input(r) || is_ptx_register(r);
                                 },
                                 [&](const ptx::Immediate&) { return i.opcode == "st"; },
                                 [&](const ptx::Address&) { return false; },
                                 [&](const ptx::Vector&) { return false; },
                             },
                             l);
        if (!ok) return fail(i, "a data operand racecert cannot follow");
      }
      continue;
    }
    if (i.opcode == "cvta" || i.opcode == "mov") {
      bool ok = i.operands.size() == 2;
      for (const std::string& m : i.modifiers) {
        bool width = m == "u32" || m == "u64" || m == "b32" || m == "b64";
        if (!(width || (i.opcode == "cvta" && (m == "to" || state_space(m))))) ok = false;
      }
      const auto* dst = ok ? std::get_if<ptx::Register>(&i.operands[0]) : nullptr;
      const auto* src = ok ? std::get_if<ptx::Register>(&i.operands[1]) : nullptr;
      if (!dst || !src || !address_register(*src) || !(is_output(*dst) || is_ptx_register(*dst)))
        return fail(i, "");
      if (is_ptx_register(*dst)) addresses.insert(dst->name);
      continue;
    }
    return fail(i, "");
  }

  // ---- 2. the inputs, each evaluated once, in order (as before the asm runs).
  std::set<unsigned> address_inputs;
  for (const ptx::Instruction& i : *program) {
    auto note = [&](const ptx::Register& r) {
      if (is_input(r)) address_inputs.insert(*operand_number(r) - outputs);
    };
    for (const ptx::Operand& o : i.operands)
      if (const auto* a = std::get_if<ptx::Address>(&o)) note(a->base);
    if ((i.opcode == "cvta" || i.opcode == "mov") && i.operands.size() == 2)
      if (const auto* r = std::get_if<ptx::Register>(&i.operands[1])) note(*r);
  }
  std::vector<Expr> values(inputs);
  std::vector<std::optional<PointerValue>> pointers(inputs);
  for (unsigned n = 0; n < inputs; ++n) {
    const clang::Expr* e = s->getInputExpr(n);
    if (!address_inputs.count(n)) {
      // Integers, and floating point as a plain C++ copy tracks it (the
      // value loaded, stored again).
      if (e->getType()->isIntegralOrEnumerationType() || e->getType()->isRealFloatingType()) values[n] = rvalue(e);
      else effect(e);
      continue;
    }
    // An address passed as an integer: the pointer it was made from
    // (`(size_t)p`, `__cvta_generic_to_shared(p)`).
    const clang::Expr* p = strip(e);
    while (!p->getType()->isPointerType()) {
      if (const auto* c = dyn_cast<CastExpr>(p)) {
        p = strip(c->getSubExpr());
        continue;
      }
      const auto* call = dyn_cast<CallExpr>(p);
      const FunctionDecl* f = call ? call->getDirectCallee() : nullptr;
      if (f && starts_with(f->getNameAsString(), "__cvta_generic_to_") && call->getNumArgs() == 1) {
        p = strip(call->getArg(0));
        continue;
      }
      break;
    }
    if (!p->getType()->isPointerType()) {
      effect(e);
      unsupported("inline assembly address operand that racecert cannot follow to a pointer", where);
      return;
    }
    // Through void*: the pointer the user passed.
    while (const auto* c = dyn_cast<CastExpr>(p)) {
      if (!p->getType()->isVoidPointerType() || !c->getSubExpr()->getType()->isPointerType()) break;
      p = strip(c->getSubExpr());
    }
    pointers[n] = pointer(p);
  }

  // ---- 3. the instructions, in order.
  std::map<std::string, std::optional<PointerValue>> registers;  // PTX address registers
  std::set<unsigned> written;                                   // outputs written
  auto address_of_register = [&](const ptx::Register& r) -> std::optional<PointerValue> {
    if (is_input(r)) return pointers[*operand_number(r) - outputs];
    return registers[r.name];
  };
  auto output = [&](const ptx::Register& r) { return s->getOutputExpr(*operand_number(r)); };
  for (const ptx::Instruction& i : *program) {
    if (i.opcode.empty()) continue;
    if (i.opcode == "bar" || i.opcode == "barrier") {
      std::vector<Expr> ids;
      for (const ptx::Operand& o : i.operands) {
        if (const auto* imm = std::get_if<ptx::Immediate>(&o)) ids.push_back(int_lit(imm->value));
        else ids.push_back(values[*operand_number(std::get<ptx::Register>(o)) - outputs]);
      }
      kir::Barrier b;
      b.kind = kir::Barrier::Kind::Named;
      b.arrive = std::count(i.modifiers.begin(), i.modifiers.end(), "arrive") > 0;
      b.id = ids.empty() ? int_lit(0) : ids[0];
      if (ids.size() > 1) b.count = ids[1];
      b.loc = loc(where);
      emit(kir::Stmt{std::move(b)});
      continue;
    }
    if (i.opcode == "cvta" || i.opcode == "mov") {
      const auto& dst = std::get<ptx::Register>(i.operands[0]);
      std::optional<PointerValue> p = address_of_register(std::get<ptx::Register>(i.operands[1]));
      if (is_ptx_register(dst)) {
        registers[dst.name] = p;
        continue;
      }
      const clang::Expr* out = output(dst);
      written.insert(*operand_number(dst));
      if (out->getType()->isPointerType()) store_pointer(lvalue(out), p, where);
      else assign(lvalue(out), nullptr, where);  // an address as a number: not followed
      continue;
    }
    // ld / st
    MemoryForm f = memory_form(i);
    std::int64_t bytes = type_bytes(f.type);
    bool load = i.opcode == "ld";
    const auto& a = std::get<ptx::Address>(load ? i.operands[1] : i.operands[0]);
    const ptx::Operand& data = load ? i.operands[0] : i.operands[1];
    std::vector<ptx::Operand> lanes;
    if (const auto* v = std::get_if<ptx::Vector>(&data)) lanes.assign(v->elements.begin(), v->elements.end());
    else lanes.push_back(data);
    QualType type = f.type == "f32" ? ctx_.FloatTy
                    : f.type == "f64" ? ctx_.DoubleTy
                    : f.type[0] == 's' ? ctx_.getIntTypeForBitwidth(static_cast<unsigned>(bytes * 8), true)
                                       : ctx_.getIntTypeForBitwidth(static_cast<unsigned>(bytes * 8), false);
    std::optional<PointerValue> base = address_of_register(a.base);
    for (std::size_t k = 0; k < lanes.size(); ++k) {
      std::int64_t step = a.offset / bytes + static_cast<std::int64_t>(k);
      LValue cell = deref(base, step ? std::optional<Expr>(int_lit(step)) : std::nullopt, type,
                          "the address of '" + trim(ptx::print(i)) + "'");
      if (load) {
        Expr v = read(cell, type, where);
        const auto* r = std::get_if<ptx::Register>(&lanes[k]);
        if (!r || !is_output(*r)) continue;  // a PTX register or `_`: not followed
        const clang::Expr* out = output(*r);
        written.insert(*operand_number(*r));
        QualType to = out->getType();
        bool same = ctx_.hasSameUnqualifiedType(to, type) ||
                    (to->isIntegralOrEnumerationType() && type->isIntegerType());
        if (to->isPointerType()) store_pointer(lvalue(out), std::nullopt, where);
        else assign(lvalue(out), same ? narrow(v, type, to) : nullptr, where);
        continue;
      }
      Expr v = std::visit(Overloaded{
                              [&](const ptx::Register& r) -> Expr {
                                if (!is_input(r)) return nullptr;  // a PTX register: an unknown value
                                unsigned n = *operand_number(r) - outputs;
                                QualType from = s->getInputExpr(n)->getType();
                                if (from->isIntegralOrEnumerationType() && type->isIntegerType())
                                  return narrow(values[n], from, type);
                                return ctx_.hasSameUnqualifiedType(from, type) ? values[n] : nullptr;
                              },
                              [&](const ptx::Immediate& imm) -> Expr {
                                return type->isIntegerType() ? int_lit(imm.value) : nullptr;
                              },
                              [&](const ptx::Address&) -> Expr { return nullptr; },
                              [&](const ptx::Vector&) -> Expr { return nullptr; },
                          },
                          lanes[k]);
      assign(cell, v, where);
    }
  }
  // An output no instruction wrote holds whatever the register held.
  for (unsigned n = 0; n < outputs; ++n) {
    if (written.count(n)) continue;
    const clang::Expr* out = s->getOutputExpr(n);
    if (out->getType()->isPointerType()) store_pointer(lvalue(out), std::nullopt, where);
    else if (out->getType()->isScalarType()) assign(lvalue(out), nullptr, where);
  }
}

}  // namespace racecert::frontend::detail
