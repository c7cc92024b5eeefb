// Pointers that may point to several places (frontend/lowering.hpp):
// pointer slots, their alternatives, and accesses through them.
//
// A pointer variable's value lives in a slot: the places it may point to,
// a selector variable saying which one (when there are several) and an
// offset variable. An access through it becomes one guarded access per
// place (`if (p.target == 0) A[o] else B[o]`), so that an assignment
// `p = c ? A : B` or a loop-carried swap of two buffers costs one branch
// per place instead of an `unsupported`. The places of a slot are fixed
// when it is made; an assignment of a place it lacks (a swap later in a
// loop the slot is used in) is recorded in the hints and the kernel is
// lowered again, the slot then made with every place ever assigned to it
// (parse_kernels.cpp runs the passes; docs/frontend.md, "Pointers").
#include <algorithm>

#include "frontend/lowering.hpp"

namespace racecert::frontend::detail {

using namespace clang;
using namespace racecert::expr;

PointerAlternatives alternatives_of(const std::optional<PointerValue>& p) {
  if (p && !p->array.empty()) return {{nullptr, {PointerTarget::Kind::Array, p->array}, p->offset}};
  if (p && !p->alternatives.empty()) return p->alternatives;
  return {{nullptr, {PointerTarget::Kind::Unknown, ""}, nullptr}};
}

PointerValue pointer_from(PointerAlternatives alternatives) {
  PointerValue out;
  if (alternatives.size() == 1 && !alternatives[0].guard && alternatives[0].target.kind == PointerTarget::Kind::Array &&
      !alternatives[0].target.bytes) {
    out.array = alternatives[0].target.name;
    out.offset = alternatives[0].offset;
    return out;
  }
  if (alternatives.size() == 1 && alternatives[0].target.kind == PointerTarget::Kind::Unknown) return out;
  out.alternatives = std::move(alternatives);
  return out;
}

Expr both(const Expr& a, const Expr& b) { return a && b ? conj(a, b) : a ? a : b; }

bool Lowerer::may_touch_arrays(const std::optional<PointerValue>& p) {
  for (const auto& a : alternatives_of(p))
    if (a.target.kind == PointerTarget::Kind::Array) return true;
  return false;
}

std::string Lowerer::new_pointer(const std::string& base, const PointerAlternatives& init, SourceLoc where) {
  std::string key = new_variable(base + ".offset", kir::ScalarType::Int, where);
  make_slot(key, key, base, where, init);
  if (!init.empty()) store_slot(key, init, where);
  return key;
}

Lowerer::PointerSlot& Lowerer::make_slot(const std::string& key, const std::string& offset, const std::string& base,
                                         const SourceLoc& where, const PointerAlternatives& init) {
  PointerSlot slot;
  slot.offset = offset;
  std::set<PointerTarget> targets;
  if (auto hinted = hints_.find(key); hinted != hints_.end()) targets = hinted->second;
  for (const auto& a : init) targets.insert(a.target);
  slot.targets.assign(targets.begin(), targets.end());
  if (slot.targets.size() > 1) slot.selector = new_variable(base + ".target", kir::ScalarType::Int, where);
  return slots_[key] = std::move(slot);
}

Lowerer::PointerSlot& Lowerer::slot(const std::string& key) {
  auto it = slots_.find(key);
  if (it != slots_.end()) return it->second;
  // A pointer field of a struct in registers, made on first use.
  return make_slot(key, new_variable(key + ".offset", kir::ScalarType::Int, {}), key, {}, {});
}

void Lowerer::store_slot(const std::string& key, const PointerAlternatives& value, SourceLoc where) {
  const PointerSlot s = slot(key);  // a copy: emitting below must not see it change
  auto index = [&](const PointerTarget& t) -> std::optional<std::int64_t> {
    auto it = std::find(s.targets.begin(), s.targets.end(), t);
    if (it == s.targets.end()) return std::nullopt;
    return it - s.targets.begin();
  };
  bool complete = true;
  for (const auto& a : value) {
    if (index(a.target)) continue;
    // Once a pass is incomplete, an unknown place may only be a slot this
    // pass left empty: the next pass, with that slot filled, will tell.
    if (a.target.kind != PointerTarget::Kind::Unknown || !incomplete_) hints_[key].insert(a.target);
    complete = false;
  }
  if (!complete) {
    // Lowered again with the place in the slot; should the passes run out,
    // the accesses through this pointer are not all known: say so.
    incomplete_ = true;
    emit(kir::Stmt{kir::Unsupported{"pointer assigned a place racecert found only after using it", where}});
    return;
  }
  // Fold the alternatives into selector and offset values; the last one
  // needs no test (the guards are exhaustive).
  Expr selector, offset;
  bool offsets_known = true;
  for (auto it = value.rbegin(); it != value.rend(); ++it) {
    Expr i = int_lit(*index(it->target));
    offsets_known = offsets_known && it->offset;
    bool last = it == value.rbegin();
    selector = last || !it->guard ? i : ite(it->guard, i, selector);
    offset = !offsets_known ? nullptr : last || !it->guard ? it->offset : ite(it->guard, it->offset, offset);
  }
  if (!s.selector.empty()) emit(kir::Stmt{kir::Assign{s.selector, selector, where}});
  emit(kir::Stmt{kir::Assign{s.offset, offset, where}});
}

PointerAlternatives Lowerer::load_slot(const std::string& key) {
  const PointerSlot s = slot(key);
  PointerAlternatives out;
  for (std::size_t i = 0; i < s.targets.size(); ++i) {
    Expr guard = s.selector.empty() ? nullptr : expr::binary(BinOp::Eq, var(s.selector), int_lit(static_cast<std::int64_t>(i)));
    out.push_back({guard, s.targets[i], variable(s.offset)});
  }
  return out;
}

std::optional<std::int64_t> Lowerer::byte_step(const std::string& array, QualType pointee) const {
  const kir::Array* a = k_.find_array(array);
  if (!a || a->element_bytes <= 0 || a->element == kir::ScalarType::Other) return std::nullopt;
  // Arithmetic on void * (a GNU extension) steps by bytes.
  if (pointee->isVoidType()) return a->element_bytes == 1 ? std::nullopt : std::optional<std::int64_t>(1);
  auto bits = size_in_bits(pointee);
  if (!bits || *bits % 8 || *bits / 8 == a->element_bytes) return std::nullopt;
  if (!pointee->isScalarType() && !vector_of(pointee, a->element_bytes)) return std::nullopt;
  return *bits / 8;
}

LValue Lowerer::deref(const std::optional<PointerValue>& p, const std::optional<Expr>& steps, QualType pointee,
                      const std::string& why) {
  auto times = [&](std::int64_t n) -> std::optional<Expr> {
    if (!steps) return std::nullopt;
    return *steps ? std::optional<Expr>(*steps * int_lit(n)) : std::optional<Expr>(Expr{});
  };
  auto shifted = [](const Expr& offset, const std::optional<Expr>& delta) -> Expr {
    if (!delta) return offset;
    return offset && *delta ? offset + *delta : nullptr;
  };
  auto bytes = [&](const std::string& array, const Expr& first_byte, std::int64_t width) {
    kir::Location at{array, {shifted(first_byte, times(width))}};
    at.unit = 1;
    at.width = width;
    return LValue{LValue::Kind::Memory, "", at, "", {}};
  };
  auto at = [&](const PointerValue::Alternative& a) -> LValue {
    switch (a.target.kind) {
      case PointerTarget::Kind::Array: {
        const kir::Array* arr = k_.find_array(a.target.name);
        if (a.target.bytes) {
          auto bits = size_in_bits(pointee);
          if (!bits || *bits % 8 || *bits == 0) return LValue{LValue::Kind::Unknown, "", {}, why + " (a byte view of unknown width)", {}};
          return bytes(a.target.name, a.offset, *bits / 8);
        }
        if (auto v = byte_step(a.target.name, pointee))
          return bytes(a.target.name, a.offset ? a.offset * int_lit(arr->element_bytes) : nullptr, *v);
        // A scalar in memory (`__shared__ int count; atomicAdd(&count, 1)`)
        // has no index; any other offset than 0 is undefined in C.
        if (arr && arr->sizes.empty()) return LValue{LValue::Kind::Memory, "", kir::Location{a.target.name, {}}, "", {}};
        return LValue{LValue::Kind::Memory, "", kir::Location{a.target.name, {shifted(a.offset, times(element_count(pointee)))}}, "", {}};
      }
      // Any other offset from a scalar is undefined behaviour in C.
      case PointerTarget::Kind::Variable: return LValue{LValue::Kind::Variable, a.target.name, {}, "", {}};
      case PointerTarget::Kind::Slot: return LValue{LValue::Kind::Pointer, a.target.name, {}, "", {}};
      // Dereferencing null is undefined: the program never gets here.
      case PointerTarget::Kind::Null: return LValue{LValue::Kind::Ignored, "", {}, "", {}};
      case PointerTarget::Kind::Unknown: return LValue{LValue::Kind::Unknown, "", {}, why, {}};
    }
    return LValue{LValue::Kind::Unknown, "", {}, why, {}};
  };
  PointerAlternatives alternatives = alternatives_of(p);
  if (alternatives.size() == 1 && !alternatives[0].guard) return at(alternatives[0]);
  LValue out{LValue::Kind::Choice, "", {}, "", {}};
  for (const auto& a : alternatives) out.choices.emplace_back(a.guard, at(a));
  return out;
}

PointerValue Lowerer::advance(const std::optional<PointerValue>& p, const Expr& k, QualType pointee, bool subtract) {
  PointerAlternatives out = alternatives_of(p);
  auto add = [&](const Expr& offset, std::int64_t step) -> Expr {
    if (!offset || !k) return nullptr;
    Expr delta = k * int_lit(step);
    return subtract ? offset - delta : offset + delta;
  };
  for (auto& a : out) {
    if (a.target.kind != PointerTarget::Kind::Array) {
      a.offset = add(a.offset, 1);
      continue;
    }
    if (!a.target.bytes) {
      if (auto v = byte_step(a.target.name, pointee)) {
        // From here on the pointer steps by bytes: its offset becomes one.
        const kir::Array* arr = k_.find_array(a.target.name);
        a.target.bytes = true;
        a.offset = a.offset ? a.offset * int_lit(arr->element_bytes) : nullptr;
        a.offset = add(a.offset, *v);
      } else {
        a.offset = add(a.offset, element_count(pointee));
      }
      continue;
    }
    auto bits = size_in_bits(pointee);
    a.offset = bits && *bits % 8 == 0 ? add(a.offset, *bits / 8) : nullptr;
  }
  return pointer_from(std::move(out));
}

void Lowerer::choose(const std::vector<Expr>& guards, const std::function<void(std::size_t)>& branch, SourceLoc where) {
  // if (g0) b0 else if (g1) b1 ... else bn: the last guard holds when no other does.
  std::function<kir::Block(std::size_t)> from = [&](std::size_t i) {
    return collect([&] {
      if (i + 1 == guards.size() || !guards[i]) return branch(i);
      kir::If s;
      s.cond = guards[i];
      s.loc = where;
      s.then_body = collect([&] { branch(i); });
      s.else_body = from(i + 1);
      emit(kir::Stmt{std::move(s)});
    });
  };
  for (auto& s : from(0)) emit(std::move(s));
}

PointerValue Lowerer::pointer_to(const LValue& l) {
  switch (l.kind) {
    case LValue::Kind::Memory: {
      if (l.at.index.size() > 1) return PointerValue{};
      Expr index = l.at.index.empty() ? int_lit(0) : l.at.index[0];
      if (!l.at.unit && !l.at.width) return PointerValue{l.at.array, index, {}};
      // The address of a byte view: a pointer counting bytes.
      Expr first = !index ? nullptr : l.at.unit == 1 ? index : index * int_lit(l.at.unit ? l.at.unit : l.at.width);
      return pointer_from({{nullptr, {PointerTarget::Kind::Array, l.at.array, true}, first}});
    }
    case LValue::Kind::Variable:
      return pointer_from({{nullptr, {PointerTarget::Kind::Variable, l.var}, int_lit(0)}});
    case LValue::Kind::Choice: {
      PointerAlternatives out;
      for (const auto& [guard, choice] : l.choices) {
        for (auto a : alternatives_of(pointer_to(choice))) {
          a.guard = both(guard, a.guard);
          out.push_back(std::move(a));
        }
      }
      return pointer_from(std::move(out));
    }
    case LValue::Kind::Ignored:
      return pointer_from({{nullptr, {PointerTarget::Kind::Null, ""}, int_lit(0)}});
    case LValue::Kind::Pointer:  // a pointer to a pointer variable
      return pointer_from({{nullptr, {PointerTarget::Kind::Slot, l.var}, int_lit(0)}});
    case LValue::Kind::Unknown:
      return PointerValue{};
  }
  return PointerValue{};
}

// A Choice among pointer variables (`*pp` where pp may point to p or q).
static bool choice_of_slots(const LValue& l) {
  return std::all_of(l.choices.begin(), l.choices.end(), [](const auto& c) {
    return c.second.kind == LValue::Kind::Pointer || c.second.kind == LValue::Kind::Ignored;
  });
}

PointerValue Lowerer::load_pointer(const LValue& l, clang::QualType type, clang::SourceLocation where) {
  switch (l.kind) {
    case LValue::Kind::Pointer:
      return pointer_from(load_slot(l.var));
    case LValue::Kind::Choice:
      if (choice_of_slots(l)) {
        PointerAlternatives out;
        for (const auto& [guard, choice] : l.choices) {
          if (choice.kind != LValue::Kind::Pointer) continue;
          for (auto a : alternatives_of(load_pointer(choice, type, where))) {
            a.guard = both(guard, a.guard);
            out.push_back(std::move(a));
          }
        }
        return pointer_from(std::move(out));
      }
      [[fallthrough]];
    case LValue::Kind::Memory:
      // A pointer kept in memory: reading it is an access; where it points is unknown.
      read(l, type, where);
      return PointerValue{};
    case LValue::Kind::Variable:
    case LValue::Kind::Ignored:
    case LValue::Kind::Unknown:
      return PointerValue{};
  }
  return PointerValue{};
}

void Lowerer::store_pointer(const LValue& l, const std::optional<PointerValue>& value, clang::SourceLocation where) {
  switch (l.kind) {
    case LValue::Kind::Pointer:
      return store_slot(l.var, alternatives_of(value), loc(where));
    case LValue::Kind::Choice:
      if (choice_of_slots(l)) {
        std::vector<Expr> guards;
        for (const auto& c : l.choices) guards.push_back(c.first);
        return choose(guards, [&](std::size_t i) { store_pointer(l.choices[i].second, value, where); }, loc(where));
      }
      [[fallthrough]];
    case LValue::Kind::Memory:
    case LValue::Kind::Variable:
    case LValue::Kind::Ignored:
    case LValue::Kind::Unknown:
      // A pointer stored in memory: a write of its address, as a number, so
      // that threads storing the same pointer into a shared variable write
      // the same value (docs/frontend.md, "Pointers").
      return assign(l, address_of(value), where);
  }
}

Expr Lowerer::address_of(const std::optional<PointerValue>& value) const {
  // Array number i (from 1) starts at byte i * 2^40, null is 0. Two
  // different pointers into real arrays (offsets below 2^40 bytes) get
  // different numbers; anything else is untracked.
  constexpr std::int64_t kArraySpan = std::int64_t{1} << 40;
  PointerAlternatives alternatives = alternatives_of(value);
  if (alternatives.size() != 1 || alternatives[0].guard) return nullptr;
  const auto& a = alternatives[0];
  if (a.target.kind == PointerTarget::Kind::Null) return int_lit(0);
  if (a.target.kind != PointerTarget::Kind::Array || !a.offset) return nullptr;
  for (std::size_t i = 0; i < k_.arrays.size(); ++i) {
    if (k_.arrays[i].name != a.target.name) continue;
    std::int64_t e = k_.arrays[i].element_bytes;
    Expr byte = a.target.bytes || e <= 1 ? a.offset : a.offset * int_lit(e);
    return int_lit(static_cast<std::int64_t>(i + 1) * kArraySpan) + byte;
  }
  return nullptr;
}

LValue Lowerer::pointer_field(const std::string& name, clang::QualType pointee, bool parameter, SourceLoc where) {
  if (slots_.count(name)) return LValue{LValue::Kind::Pointer, name, {}, "", {}};
  if (!parameter) {
    make_slot(name, new_variable(name + ".offset", kir::ScalarType::Int, where), name, where, {});
    return LValue{LValue::Kind::Pointer, name, {}, "", {}};
  }
  // A pointer field of a struct passed by value points into an array of
  // the caller's, like a pointer parameter: one array of its own
  // (parameters are assumed not to alias, docs/frontend.md). It holds that
  // from the kernel's start (the prologue), whatever the kernel assigns to
  // the field later (the slot's other places).
  parameter_array(name, pointee, where);
  PointerTarget initial{PointerTarget::Kind::Array, name};
  PointerSlot& s = make_slot(name, new_variable(name + ".offset", kir::ScalarType::Int, where), name, where,
                             {{nullptr, initial, int_lit(0)}});
  auto at = std::find(s.targets.begin(), s.targets.end(), initial);
  if (!s.selector.empty())
    prologue_.push_back(kir::Stmt{kir::Assign{s.selector, int_lit(at - s.targets.begin()), where}});
  prologue_.push_back(kir::Stmt{kir::Assign{s.offset, int_lit(0), where}});
  return LValue{LValue::Kind::Pointer, name, {}, "", {}};
}

}  // namespace racecert::frontend::detail
