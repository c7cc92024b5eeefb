#pragma once
// Internal: lowering of Clang's AST into the kernel IR. One Lowerer per
// kernel; calls to device functions are inlined, pointers are resolved to
// (array, offset) pairs, C types are reduced to what the analysis needs.
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include "kernel_ir/kernel_ir.hpp"

namespace racecert::frontend::detail {

// Our expressions; Clang's are always written clang::Expr.
using Expr = racecert::expr::Expr;

enum class Language { Cuda, OpenCL };

// Where a pointer points: an element of an array (linear offset, in
// elements of the array) or nothing the front end can name.
// e without parentheses, cleanups, materialized temporaries and constant
// wrappers: the expression the user wrote.
const clang::Expr* strip(const clang::Expr* e);

// Whether s holds a `break` that leaves s (one not inside a loop or switch
// nested in s).
bool breaks_out(const clang::Stmt* s);

struct PointerValue {
  std::string array;
  Expr offset;  // null: unknown offset
};

// The lvalue of an assignment or an address-of.
struct LValue {
  enum class Kind { Variable, Memory, Ignored, Unknown };
  Kind kind = Kind::Unknown;
  std::string var;      // Variable
  kir::Location at;     // Memory
  std::string why;      // Unknown: what could not be resolved
};

class Lowerer {
 public:
  Lowerer(clang::ASTContext& ctx, Language lang);

  kir::Kernel lower(const clang::FunctionDecl* kernel, const std::string& name);
  // Source ranges of the kernel and of every function inlined into it, so
  // that Clang errors can be attributed to the kernels they affect.
  const std::vector<clang::SourceRange>& ranges() const { return ranges_; }

 private:
  clang::ASTContext& ctx_;
  clang::SourceManager& sm_;
  Language lang_;
  kir::Kernel k_;
  std::vector<clang::SourceRange> ranges_;

  // What a declaration stands for in the current scope.
  struct Binding {
    enum class Kind { Scalar, Pointer, Location, Function };
    Kind kind = Kind::Scalar;
    std::string name;          // Scalar: variable; Function: the selector (lower_indirect.cpp)
    std::string array;         // Pointer: the array it points into ("" when unknown)
    std::string offset;        // Pointer: the variable holding its offset
    kir::Location location;    // Location: a reference bound to a memory cell
  };
  std::vector<std::map<const clang::ValueDecl*, Binding>> scopes_;
  std::map<const clang::ValueDecl*, std::string> arrays_;  // arrays declared anywhere (shared, device globals)
  // Every `extern __shared__` array starts at the block's dynamic shared
  // memory: they are all one array (the first one's), of one element size.
  std::string extern_shared_;
  clang::QualType extern_shared_element_;
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

  // ----- helpers (lower_stmt.cpp)
  SourceLoc loc(clang::SourceLocation l) const;
  void emit(kir::Stmt s);
  kir::Block collect(const std::function<void()>& body);
  std::string new_variable(const std::string& base, kir::ScalarType t, SourceLoc where);
  std::string temporary(kir::ScalarType t);
  const Binding* lookup(const clang::ValueDecl* d) const;
  void bind(const clang::ValueDecl* d, Binding b);
  void unsupported(const std::string& what, clang::SourceLocation where);
  std::string array_for(const clang::VarDecl* d);
  kir::ScalarType scalar_type(clang::QualType t) const;
  std::int64_t element_bytes(clang::QualType t) const;
  void declare_parameter(const clang::ParmVarDecl* p);
  // Binds a pointer-typed declaration to where `value` points.
  void bind_pointer(const clang::ValueDecl* d, const std::optional<PointerValue>& value, clang::SourceLocation where);
  PointerValue pointer_of(const Binding& b) const;
  std::int64_t element_count(clang::QualType t) const;  // scalars in one element of type t
  // The size of t, unless it is incomplete or depends on a template
  // parameter (an uninstantiated template: Clang cannot size it).
  std::optional<std::int64_t> size_in_bits(clang::QualType t) const;
  std::string field_array(const std::string& base, const clang::FieldDecl* f);

  // ----- statements (lower_stmt.cpp)
  void stmt(const clang::Stmt* s);
  kir::Block loop_body(const kir::Block& cond_code, const Expr& cond, const SourceLoc& at, const clang::Stmt* body);
  void compound(const clang::CompoundStmt* s);
  void declaration(const clang::VarDecl* d);
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

  // ----- values (lower_expr.cpp)
  std::optional<std::int64_t> constant(const clang::Expr* e) const;
  // The bit pattern of a floating-point constant, as an integer (null if e
  // is not one).
  Expr float_bits(const clang::Expr* e) const;
  Expr builtin_member(const clang::MemberExpr* m) const;  // threadIdx.x and co
  Expr narrow(Expr value, clang::QualType from, clang::QualType to) const;  // char/short conversions wrap
  Expr to_bool(Expr e) const;
  Expr to_int(Expr e) const;

  // ----- calls (lower_call.cpp)
  Expr call(const clang::CallExpr* c);
  Expr inline_call(const clang::FunctionDecl* f, const clang::CallExpr* c,
                   const std::vector<const clang::Expr*>& args, const clang::Expr* object);
  void opencl_barrier_fences(const std::vector<const clang::Expr*>& args, kir::Barrier& b);
  std::optional<Expr> intrinsic(const std::string& name, const clang::CallExpr* c,
                                const std::vector<const clang::Expr*>& args, const clang::Expr* object);
  Expr atomic(const std::string& op, kir::Scope scope, kir::MemoryOrder order, const clang::CallExpr* c,
              const clang::Expr* address, const std::vector<const clang::Expr*>& operands);
  Expr opencl_builtin(const std::string& name, const std::vector<const clang::Expr*>& args);

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
