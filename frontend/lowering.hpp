#pragma once
// Internal: lowering of Clang's AST into the kernel IR. One Lowerer per
// kernel; calls to device functions are inlined, pointers are resolved to
// (array, offset) pairs, C types are reduced to what the analysis needs.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include "kernel_ir/integer_ranges.hpp"
#include "kernel_ir/kernel_ir.hpp"

namespace racecert::frontend::detail {

// Our expressions; Clang's are always written clang::Expr.
using Expr = racecert::expr::Expr;

enum class Language { Cuda, OpenCL };

// e without parentheses, cleanups, materialized temporaries and constant
// wrappers: the expression the user wrote.
const clang::Expr* strip(const clang::Expr* e);
// A field of a struct in registers is the variable `object.field`, so a field
// that hides a base class's field of the same name would share its
// variable: the first such name of the class, if any (lower_call.cpp).
std::optional<std::string> hidden_field(const clang::CXXRecordDecl* record);

// Whether s holds a `break` that leaves s (one not inside a loop or switch
// nested in s).
bool breaks_out(const clang::Stmt* s);

// One place a pointer may point to: an array (of the kernel IR), a scalar
// variable whose address was taken (`p = &x`), a pointer variable's slot
// (`pp = &p`), null, or somewhere racecert cannot name (a pointer loaded
// from memory, returned by a body-less call).
struct PointerTarget {
  enum class Kind { Array, Variable, Slot, Null, Unknown };
  Kind kind = Kind::Unknown;
  std::string name;  // Array: the array; Variable: the variable; Slot: the slot
  // Array: the offset counts bytes, not elements (a `char *` or `float4 *`
  // into an int array, or a pointer cast back from one: byte views).
  bool bytes = false;
  auto operator<=>(const PointerTarget&) const = default;
};

// Where a pointer points. The common case, one array, is `array` and
// `offset` (in elements of the array; null: unknown). A pointer that may
// point to several places (`c ? A : B`, a loop-carried swap, `&x`, NULL)
// has an empty `array` and one alternative per place, each under its
// guard; the guards exclude each other and one of them holds (a null guard
// is true). Nothing at all (both empty) is a pointer racecert cannot name.
struct PointerValue {
  std::string array;
  Expr offset;
  struct Alternative {
    Expr guard;
    PointerTarget target;
    Expr offset;
  };
  std::vector<Alternative> alternatives = {};
};
using PointerAlternatives = std::vector<PointerValue::Alternative>;
// Every pointer as alternatives: one array, or one unknown target when it is nothing.
PointerAlternatives alternatives_of(const std::optional<PointerValue>& p);
// Back to a PointerValue: the one-array form where it is one array.
PointerValue pointer_from(PointerAlternatives alternatives);
// a && b for guards, where a null guard is true.
Expr both(const Expr& a, const Expr& b);

// The lvalue of an assignment or an address-of.
struct LValue {
  // Pointer: a pointer variable (or a pointer field of a struct in
  // registers), whose value is the pointer slot `var`. Choice: one of
  // `choices`, each under its guard (a dereferenced pointer that may point
  // to several places).
  enum class Kind { Variable, Memory, Ignored, Unknown, Pointer, Choice };
  Kind kind = Kind::Unknown;
  std::string var;      // Variable, Pointer
  kir::Location at;     // Memory
  std::string why;      // Unknown: what could not be resolved
  std::vector<std::pair<Expr, LValue>> choices = {};  // Choice
  // Unknown: the thread's own storage (a register array indexed at run
  // time), which cannot race: a read is an untracked value, a write unknown.
  bool thread_private = false;
};

// Places assigned to each pointer slot, kept from one lowering pass of a
// kernel to the next (lower_pointer.cpp).
using PointerHints = std::map<std::string, std::set<PointerTarget>>;

class Lowerer {
 public:
  Lowerer(clang::ASTContext& ctx, Language lang, PointerHints& hints);

  // axioms: the file's __axiom functions, whose bodies run first.
  kir::Kernel lower(const clang::FunctionDecl* kernel, const std::string& name,
                    const std::vector<const clang::FunctionDecl*>& axioms = {});
  // Source ranges of the kernel and of every function inlined into it, so
  // that Clang errors can be attributed to the kernels they affect.
  const std::vector<clang::SourceRange>& ranges() const { return ranges_; }
  // A pointer was assigned a place its slot lacked: lower the kernel again
  // with the same hints (they now hold the place).
  bool incomplete() const { return incomplete_; }
  // OpenCL's global work offset per dimension (the header's --global_offset).
  void set_global_offset(const std::vector<std::int64_t>& offset) { global_offset_ = offset; }
  // Every value a variable of a C integer type can hold, by its type.
  const std::map<std::string, kir::IntRange>& declared_ranges() const { return declared_ranges_; }

 private:
  clang::ASTContext& ctx_;
  clang::SourceManager& sm_;
  Language lang_;
  kir::Kernel k_;
  std::vector<clang::SourceRange> ranges_;

  // What a declaration stands for in the current scope.
  struct Binding {
    enum class Kind { Scalar, Pointer, Location, Function, Place };
    Kind kind = Kind::Scalar;
    std::string name;          // Scalar: variable; Pointer: its slot (slots_); Function: the selector (lower_indirect.cpp)
    kir::Location location;    // Location: a reference bound to a memory cell
    LValue place = {};         // Place: a reference bound to one of several places (`T &r = c ? a : b`)
  };
  std::vector<std::map<const clang::ValueDecl*, Binding>> scopes_;
  std::map<const clang::ValueDecl*, std::string> arrays_;  // arrays declared anywhere (shared, device globals)
  // Every `extern __shared__` array starts at the block's dynamic shared
  // memory: they are all one array (the first one's), of one element size.
  std::string extern_shared_;
  clang::QualType extern_shared_element_;
  // The values of arrays nobody can change: an OpenCL program-scope
  // __constant array or a const-qualified one, with an initializer of
  // integers (a lookup table). Not CUDA __constant__ without const: the
  // host may overwrite it before the launch (cudaMemcpyToSymbol).
  std::map<std::string, std::vector<std::int64_t>> constant_tables_;
  void record_constant_table(const std::string& array, const clang::VarDecl* d);
  Expr table_value(const kir::Location& at, const Expr& loaded) const;  // null: not such a table
  std::vector<kir::Block*> sinks_;
  // Loops around the statement being lowered (the kernel IR's loops,
  // one-shot loops of exits included): where a `break` goes.
  int loop_depth_ = 0;
  // A place that jumps go to forward: the end of an inlined function
  // (`return`), a label after a `goto`, the end of a switch with
  // fall-through. The code it ends runs in a one-shot loop (lower_jumps.cpp):
  // a jump from directly inside it breaks out; a jump from a loop nested in
  // it sets `flag` and breaks, and each enclosing loop, once it ends, breaks
  // again while the flag is set.
  struct Exit {
    int loop_depth = 0;  // loop_depth_ directly inside its one-shot loop
    std::string flag;    // "" until a jump from a nested loop needs it
    int flagged = 0;     // jumps that set the flag so far
    bool is_switch = false;  // a `break` directly inside leaves it
    std::string continue_flag;  // a switch's: a `continue` directly inside sets it
    bool always_flag = false;   // every jump sets `flag` (a backward goto: the loop tests it)
  };
  std::vector<Exit> exits_;
  std::map<const clang::LabelDecl*, std::size_t> label_exits_;  // labels that forward gotos reach
  struct Frame {
    const clang::FunctionDecl* function;
    std::string result;      // variable receiving the return value
    int exit = -1;           // index in exits_ that `return` goes to; -1: the return is the last statement
  };
  // Lowering is recursive and inlining pushes onto frames_, scopes_,
  // sinks_ and this_stack_: never hold a reference into them across a
  // lowering call (copy the element instead).
  std::vector<Frame> frames_;
  // Function pointers (lower_indirect.cpp): the functions they may name get
  // ids 1, 2, ... (0 is null); a selector variable's possible targets,
  // absent when they are unknown.
  std::vector<const clang::FunctionDecl*> function_ids_;
  std::map<std::string, std::vector<const clang::FunctionDecl*>> pointer_targets_;
  std::vector<LValue> this_stack_;  // the object of each inlined member function
  int fresh_ = 0;
  // The names of k_'s variables and arrays, for new_variable: lowering only
  // appends to them, so the entries after the counts are the new ones.
  // (A linear search per new name was quadratic in a kernel's temporaries.)
  // Temporaries are left out: temporary_name tells them.
  std::unordered_set<std::string> names_;
  std::size_t names_seen_[3] = {0, 0, 0};  // parameters, locals, arrays
  // One node per variable read: a kernel reads `tid` or a pointer's offset
  // at every access, and a node each was a tenth of a large kernel's memory
  // through the whole check (issue 18). Expressions are immutable.
  std::unordered_map<std::string, Expr> variable_nodes_;

  // ----- helpers (lower_stmt.cpp)
  SourceLoc loc(clang::SourceLocation l) const;
  void emit(kir::Stmt s);
  kir::Block collect(const std::function<void()>& body);
  std::string new_variable(const std::string& base, kir::ScalarType t, SourceLoc where);
  std::string temporary(kir::ScalarType t);
  // tmp<n> with n below fresh_: a temporary's name, or one a declared
  // variable held when temporary() came to it (then in names_ too).
  bool temporary_name(const std::string& n) const;
  void note_names();  // adds the names declared since the last call to names_
  Expr variable(const std::string& name);  // var(name), one node per name
  const Binding* lookup(const clang::ValueDecl* d) const;
  void bind(const clang::ValueDecl* d, Binding b);
  void unsupported(const std::string& what, clang::SourceLocation where);
  std::string array_for(const clang::VarDecl* d);
  kir::ScalarType scalar_type(clang::QualType t) const;
  std::int64_t element_bytes(clang::QualType t) const;
  void declare_parameter(const clang::ParmVarDecl* p);
  // The array a pointer parameter (or a pointer field of a struct
  // parameter) points into, made once.
  void parameter_array(const std::string& name, clang::QualType pointee, SourceLoc where);
  // Binds a pointer-typed declaration to where `value` points.
  void bind_pointer(const clang::ValueDecl* d, const std::optional<PointerValue>& value, clang::SourceLocation where);
  std::int64_t element_count(clang::QualType t) const;  // scalars in one element of type t
  // The size of t, unless it is incomplete or depends on a template
  // parameter (an uninstantiated template: Clang cannot size it).
  std::optional<std::int64_t> size_in_bits(clang::QualType t) const;
  std::string field_array(const std::string& base, const clang::FieldDecl* f);

  // ----- pointers into several places (lower_pointer.cpp)
  struct PointerSlot {
    std::vector<PointerTarget> targets;  // sorted, from the hints
    std::string selector;                // variable: which target (empty with at most one)
    std::string offset;                  // variable: the offset, in elements
  };
  PointerHints& hints_;
  std::vector<std::int64_t> global_offset_;
  std::map<std::string, kir::IntRange> declared_ranges_;
  std::map<std::string, PointerSlot> slots_;
  bool incomplete_ = false;
  kir::Block prologue_;  // runs first: offsets of pointer fields of struct parameters
  // The slot of the last inlined call that returned a pointer or a
  // reference (a reference is kept as the address of what it refers to).
  struct ReturnedPointer {
    const clang::Expr* call;
    std::string slot;
  };
  std::optional<ReturnedPointer> returned_pointer_;
  // The slot the inlined call c returned its pointer or reference in, if it did.
  std::optional<std::string> returned_by(const clang::Expr* c) const;
  // What the inlined call c returned a reference to (its pointer result
  // dereferenced), if it returned one.
  std::optional<LValue> returned_place(const clang::CallExpr* c);
  // A pointer variable's slot, assigned init when given; returns its key.
  std::string new_pointer(const std::string& base, const PointerAlternatives& init, SourceLoc where);
  PointerSlot& make_slot(const std::string& key, const std::string& offset, const std::string& base, const SourceLoc& where,
                         const PointerAlternatives& init);
  PointerSlot& slot(const std::string& key);
  void store_slot(const std::string& key, const PointerAlternatives& value, SourceLoc where);
  PointerAlternatives load_slot(const std::string& key);
  // The object of type `pointee` `steps` objects past where the pointer
  // points (nullopt: none; a null expression: an unknown number): Memory,
  // Variable, or a Choice among them (why: for an unknown target). Through
  // a pointee whose size is not the array's element size it is a byte view.
  LValue deref(const std::optional<PointerValue>& p, const std::optional<Expr>& steps, clang::QualType pointee,
               const std::string& why);
  // p + k (or p - k) for a pointer to `pointee`.
  PointerValue advance(const std::optional<PointerValue>& p, const Expr& k, clang::QualType pointee, bool subtract);
  // The size of `pointee` in bytes when a pointer to it steps through
  // `array` by bytes (a scalar or vector view of another size than the
  // array's scalar elements); nullopt when it steps by elements.
  std::optional<std::int64_t> byte_step(const std::string& array, clang::QualType pointee) const;
  PointerValue pointer_to(const LValue& l);  // &l
  PointerValue load_pointer(const LValue& l, clang::QualType type, clang::SourceLocation where);
  void store_pointer(const LValue& l, const std::optional<PointerValue>& value, clang::SourceLocation where);
  Expr address_of(const std::optional<PointerValue>& value) const;  // as a number (null: untracked)
  // A pointer field `name` of a struct in registers; of a struct parameter
  // (`parameter`): a pointer to an array of its own.
  LValue pointer_field(const std::string& name, clang::QualType pointee, bool parameter, SourceLoc where);
  // Whether the pointer may point into an array (a call without a body could touch it).
  bool may_touch_arrays(const std::optional<PointerValue>& p);
  // Emits `if (guards[0]) branch(0) else if ... else branch(n-1)`.
  void choose(const std::vector<Expr>& guards, const std::function<void(std::size_t)>& branch, SourceLoc where);

  // ----- statements (lower_stmt.cpp)
  void stmt(const clang::Stmt* s);
  kir::Block loop_body(const kir::Block& cond_code, const Expr& cond, const SourceLoc& at, const clang::Stmt* body);
  void compound(const clang::CompoundStmt* s);
  void declaration(const clang::VarDecl* d);
  void init_record(const LValue& dst, const clang::InitListExpr* list, clang::QualType type, clang::SourceLocation where);
  // dst (a struct) = init: field by field as far as racecert follows it.
  void record_value(const LValue& dst, const clang::Expr* init, clang::QualType type, clang::SourceLocation where);
  void if_stmt(const clang::IfStmt* s);
  void for_stmt(const clang::ForStmt* s);
  void while_stmt(const clang::WhileStmt* s);
  void do_stmt(const clang::DoStmt* s);
  void switch_stmt(const clang::SwitchStmt* s);
  void return_stmt(const clang::ReturnStmt* s);
  void break_stmt(const clang::Stmt* s);
  void continue_here(clang::SourceLocation where);

  // ----- jumps (lower_jumps.cpp): exits, goto, fall-through
  // Runs `body` inside a new exit's one-shot loop, emitted here; returns
  // the exit's flag ("" when no nested loop jumped to it).
  std::string with_exit(const std::function<void(std::size_t)>& body, SourceLoc at);
  void jump_to(std::size_t exit, clang::SourceLocation where);
  // Marks taken before lowering a loop, and the `if (flag) break;` checks
  // emitted after it for the exits that a jump inside it flagged.
  std::vector<int> exit_marks() const;
  void exit_checks(const std::vector<int>& marks, SourceLoc at);
  // The statements of a block; forward gotos to its labels become exits.
  void statements(const std::vector<const clang::Stmt*>& list);
  void goto_stmt(const clang::GotoStmt* s);
  void backward_loop(const std::vector<const clang::Stmt*>& region, const std::vector<const clang::LabelDecl*>& labels);
  // A switch whose cases fall through or break from inside: a one-shot
  // loop of guarded cases.
  void switch_with_exits(const clang::SwitchStmt* s, Expr value);
  void asm_stmt(const clang::AsmStmt* s);

  // ----- expressions (lower_expr.cpp)
  // True (and reported unsupported, at its position) for an expression with
  // nothing to lower: one that does not compile (Clang keeps it as a
  // RecoveryExpr, contains-errors) or has no type (the ParenListExpr of
  // `T x(a, b)`). Every entry point below checks it first.
  bool untyped(const clang::Expr* e);
  Expr rvalue(const clang::Expr* e);         // integer/bool value (loads emitted), null if untracked
  Expr condition(const clang::Expr* e);      // as a boolean
  void effect(const clang::Expr* e);         // evaluated for its side effects
  Expr binary(const clang::BinaryOperator* b);
  Expr unary(const clang::UnaryOperator* u);
  Expr increment(const clang::Expr* target, bool up, bool prefix, clang::SourceLocation where);

  // ----- locations (lower_location.cpp)
  LValue lvalue(const clang::Expr* e);
  LValue register_element(const std::string& array, const clang::ArraySubscriptExpr* s);
  // `((char*)a)[i]`, `*((short*)a + k)`: a scalar pointer cast that changes
  // the element size, used right away; the access gets a byte view. nullopt
  // when ptr is not of that form (idx: the subscript, null for `*`).
  std::optional<LValue> byte_view(const clang::Expr* ptr, const clang::Expr* idx);
  // A struct of scalars of `bytes` bytes each, nothing else (float4, int2):
  // its fields are elements of an array of such scalars seen through it.
  bool vector_of(clang::QualType t, std::int64_t bytes) const;
  std::optional<PointerValue> pointer(const clang::Expr* e);
  void assign(const LValue& target, Expr value, clang::SourceLocation where);
  Expr read(const LValue& source, clang::QualType type, clang::SourceLocation where);
  LValue member(const clang::MemberExpr* m);
  LValue field_of(const LValue& base, const clang::FieldDecl* f);
  // Copies a struct field by field (assignment, initialization); `src` may
  // be Unknown for a struct value that is not in memory (a call result).
  void copy_record(const LValue& dst, const LValue& src, clang::QualType type, clang::SourceLocation where);

  // ----- OpenCL vectors (lower_vector.cpp)
  // A swizzle (`v.xy`, `p[i].s3`, `.lo`), a vector subscript (`v[j]`) or a
  // vector literal used as an lvalue; nullopt for any other expression.
  std::optional<LValue> vector_lvalue(const clang::Expr* e);
  // Bytes [first, first + bytes) of the vector `v` of type `vector_type`:
  // in memory a byte view of its cell (never narrower than those bytes), in
  // a register nothing to access (its value is untracked).
  LValue vector_bytes(const LValue& v, clang::QualType vector_type, std::int64_t first, std::int64_t bytes);
  // A constant vector ((float4)(1, 2, 3, 4)) as a number that stands for
  // its bits (one per distinct constant, never a small integer); null for
  // any other expression.
  Expr vector_constant(const clang::Expr* e);
  std::map<std::string, std::int64_t> vector_constants_;
  // A private integer vector initialized by a literal of scalars
  // ((int2)(x, y), (int4)(x)) and never written again: declared with one
  // variable per component, which its component reads then read. False
  // (nothing done) for any other declaration.
  bool vector_declaration(const clang::VarDecl* d);
  std::map<std::string, std::vector<std::string>> vector_components_;  // vector variable -> its components
  // vloadN, vstoreN and their _half forms, integer convert_T: the value
  // (null if untracked); nullopt when `name` is none of them.
  std::optional<Expr> vector_builtin(const std::string& name, const clang::CallExpr* c,
                                     const std::vector<const clang::Expr*>& args);

  // ----- OpenCL images and async copies (lower_image_async.cpp)
  std::optional<Expr> image_or_async_builtin(const std::string& name, const clang::CallExpr* c,
                                             const std::vector<const clang::Expr*>& args);
  // A block barrier was just emitted: copies still in flight go on in the
  // phase it starts.
  void async_copies_after_barrier();
  struct AsyncCopy {
    int id = 0;
    std::set<std::string> dst, src;  // the arrays each side may be
    kir::Block accesses;      // what one work-item may access for it
  };
  std::vector<AsyncCopy> in_flight_;        // started, not yet waited for
  std::vector<AsyncCopy> copies_in_phase_;  // started since the last top-level barrier
  // Event places (`e`, `events[1]`) to the copies their event stands for.
  std::map<std::string, std::shared_ptr<std::set<int>>> events_;
  int async_copies_ = 0;
  std::optional<std::string> event_place(const clang::Expr* e) const;
  void group_function(const std::vector<Expr>& arguments, clang::SourceLocation where);

  // ----- values (lower_expr.cpp)
  std::optional<std::int64_t> constant(const clang::Expr* e) const;
  // The bit pattern of a floating-point constant, as an integer (null if e
  // is not one).
  Expr float_bits(const clang::Expr* e) const;
  // A comparison of two floating-point operands (lower_float.cpp): exact
  // over their bit patterns when both are tracked, else null (the operands
  // lowered for their effects either way).
  Expr float_comparison(const clang::BinaryOperator* b);
  Expr builtin_member(const clang::MemberExpr* m) const;  // threadIdx.x and co
  void declare_range(const std::string& var, clang::QualType t);  // for declared_ranges()
  // A value read from memory is the load's result variable for integers,
  // and for floating point too: no arithmetic on it is tracked, but a copy
  // (`B[0] = A[0]`) stores the value read, so that threads copying one
  // uniform cell write the same value (a benign write).
  static bool tracked_load(kir::ScalarType t) {
    return t == kir::ScalarType::Int || t == kir::ScalarType::Unsigned || t == kir::ScalarType::Bool ||
           t == kir::ScalarType::Float;
  }
  Expr fit(Expr value, clang::QualType t) const;  // wraps into t's range (types of <= 32 bits)
  Expr narrow(Expr value, clang::QualType from, clang::QualType to) const;  // integer conversions wrap
  Expr to_bool(Expr e) const;
  Expr to_int(Expr e) const;

  // ----- calls (lower_call.cpp)
  Expr call(const clang::CallExpr* c);
  // A call, or with `constructed` the construction of that object (c is
  // then the construct expression): the body inlined.
  Expr inline_call(const clang::FunctionDecl* f, const clang::Expr* c, const std::vector<const clang::Expr*>& args,
                   const clang::Expr* object, const LValue* constructed = nullptr);
  void member_initializers(const clang::CXXConstructorDecl* ctor, const LValue& self);
  LValue conditional_place(const clang::ConditionalOperator* c);
  // Runs a constructor the file defines on `target` (its initializers, then
  // its body); false when it has none to run (the caller decides).
  bool run_constructor(const clang::CXXConstructExpr* ctor, const LValue& target);
  void opencl_barrier_fences(const std::vector<const clang::Expr*>& args, kir::Barrier& b);
  std::optional<Expr> intrinsic(const std::string& name, const clang::CallExpr* c,
                                const std::vector<const clang::Expr*>& args, const clang::Expr* object);
  // The atomic `a` at each place `at` may be (a Choice: guarded).
  void emit_atomic(const kir::Atomic& a, const LValue& at, clang::SourceLocation where);
  Expr atomic(const std::string& op, kir::Scope scope, kir::MemoryOrder order, const clang::CallExpr* c,
              const clang::Expr* address, const std::vector<const clang::Expr*>& operands);
  Expr opencl_builtin(const std::string& name, const std::vector<const clang::Expr*>& args);
  Expr opencl_scoped_atomic(const std::string& op, const clang::CallExpr* c, const std::vector<const clang::Expr*>& args);
  Expr atomic_ref_operator_result(const std::string& name, const clang::CallExpr* c, Expr old, Expr operand);
  Expr compare_exchange(kir::Atomic at, const LValue& target, const LValue& expected, Expr want, Expr desired,
                        clang::QualType type, clang::SourceLocation where);

  // ----- function pointers (lower_indirect.cpp)
  int function_id(const clang::FunctionDecl* f);
  // The functions a function-pointer expression may name; nullopt when unknown.
  std::optional<std::vector<const clang::FunctionDecl*>> targets_of(const clang::Expr* e) const;
  Expr function_value(const clang::Expr* e);  // its id (null: untracked)
  std::string bind_function_pointer(const clang::ValueDecl* d,
                                    std::optional<std::vector<const clang::FunctionDecl*>> targets, SourceLoc where);
  // targets plus what the assignments to d in its function give; nullopt
  // when unknown or when d's address escapes.
  std::optional<std::vector<const clang::FunctionDecl*>> with_assigned_targets(
      const clang::VarDecl* d, std::optional<std::vector<const clang::FunctionDecl*>> targets) const;
  void function_pointer_declaration(const clang::VarDecl* d);
  void function_pointer_parameter(const clang::ParmVarDecl* p);  // of the kernel
  Expr function_pointer_assignment(const clang::BinaryOperator* b);
  Expr function_comparison(const clang::BinaryOperator* b);  // == and != between function pointers
  Expr indirect_call(const clang::CallExpr* c);

  // ----- functions without a body that access memory (lower_builtins.cpp)
  // memcpy/memset, cache-hint loads and stores, cuRAND states; nullopt
  // when `name` is none of them.
  std::optional<Expr> memory_builtin(const std::string& name, const clang::CallExpr* c,
                                     const std::vector<const clang::Expr*>& args);
  // Reads or writes the bytes [0, bytes) from ptr, for the call c.
  void byte_range(const clang::Expr* ptr, const clang::Expr* bytes, bool write, const clang::CallExpr* c);
  std::optional<std::int64_t> byte_count(const clang::Expr* e) const;
  Expr surface_access(const std::string& name, const clang::CallExpr* c, const std::vector<const clang::Expr*>& args);
};

}  // namespace racecert::frontend::detail
