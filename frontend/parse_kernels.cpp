// Runs Clang in-process on a CUDA or OpenCL file, finds its kernels and
// lowers them (frontend/frontend.hpp).
#include <clang/AST/ASTConsumer.h>
#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/DiagnosticIDs.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "frontend/frontend.hpp"
#include "frontend/host_launches.hpp"
#include "frontend/lowering.hpp"
#include "kernel_ir/integer_ranges.hpp"
#include "support/self_executable.hpp"

namespace racecert::frontend {

namespace {

using detail::Language;

struct ClangError {
  clang::SourceLocation where;
  SourceLoc at;  // `where` as a file position, kept after the parse
  std::string message;
  bool syntax = false;
};

// Keeps Clang's errors (with their locations, to attribute them to kernels).
class ErrorCollector : public clang::DiagnosticConsumer {
 public:
  std::vector<ClangError> errors;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error) return;
    llvm::SmallString<256> text;
    info.FormatDiagnostic(text);
    unsigned category = clang::DiagnosticIDs::getCategoryNumberForDiag(info.getID());
    bool syntax = clang::DiagnosticIDs::getCategoryNameFromID(category) == llvm::StringRef("Parse Issue");
    SourceLoc at;
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      clang::PresumedLoc p = info.getSourceManager().getPresumedLoc(info.getSourceManager().getExpansionLoc(info.getLocation()));
      if (p.isValid()) at = SourceLoc{p.getFilename(), static_cast<int>(p.getLine()), static_cast<int>(p.getColumn())};
    }
    errors.push_back(ClangError{info.getLocation(), at, std::string(text), syntax});
  }
};

// A missing header (thrust, a project header not on the include path) is
// skipped instead of stopping the parse: kernels that do not need it still
// get analysed. It is skipped with a note at its #include (the code that
// needs it then fails to compile, in the kernels that use it only). Headers
// that an SDK's own headers miss (--cuda-path: Clang's CUDA wrappers include
// files newer CUDA versions dropped) are nobody's business but the SDK's.
class SkipMissingIncludes : public clang::PPCallbacks {
 public:
  SkipMissingIncludes(const clang::SourceManager& sm, std::vector<Diagnostic>& notes) : sm_(sm), notes_(notes) {}
  bool FileNotFound(llvm::StringRef) override { return true; }
  void InclusionDirective(clang::SourceLocation hash, const clang::Token&, llvm::StringRef name, bool,
                          clang::CharSourceRange, clang::OptionalFileEntryRef file, llvm::StringRef, llvm::StringRef,
                          const clang::Module*, bool, clang::SrcMgr::CharacteristicKind) override {
    if (file || sm_.isInSystemHeader(hash)) return;
    SourceLoc at;
    clang::PresumedLoc p = sm_.getPresumedLoc(hash);
    if (p.isValid()) at = SourceLoc{p.getFilename(), static_cast<int>(p.getLine()), static_cast<int>(p.getColumn())};
    notes_.push_back(Diagnostic{Diagnostic::Severity::Note, at, "header '" + name.str() + "' not found; skipped"});
  }

 private:
  const clang::SourceManager& sm_;
  std::vector<Diagnostic>& notes_;
};

constexpr int kLoweringPasses = 4;

class KernelFinder : public clang::ASTConsumer {
 public:
  KernelFinder(ParsedFile& out, Language lang, ErrorCollector& errors, const Options& options)
      : out_(out), lang_(lang), errors_(errors), options_(options) {}

  void HandleTranslationUnit(clang::ASTContext& ctx) override {
    std::vector<std::pair<const clang::FunctionDecl*, std::string>> kernels;
    collect(ctx.getTranslationUnitDecl(), kernels);
    std::vector<const clang::FunctionDecl*> axioms;  // __axiom(e) at file scope (racecert_spec_macros.h)
    for (const clang::Decl* d : ctx.getTranslationUnitDecl()->decls())
      if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d); f && f->hasBody() && f->getNameAsString().rfind("__racecert_axiom_", 0) == 0)
        axioms.push_back(f);
    std::vector<bool> attributed(errors_.errors.size(), false);
    const clang::SourceManager& sm = ctx.getSourceManager();
    for (const auto& [f, name] : kernels) {
      // A pointer assigned a place only after its first use (a swap at the
      // end of a loop) needs a second pass that knows the place from the
      // start; each pass adds places, so a few passes settle every pointer.
      // Past the limit the last pass's `unsupported` stays.
      detail::PointerHints hints;
      std::optional<detail::Lowerer> pass;
      LoweredKernel k;
      for (int i = 0; i < kLoweringPasses; ++i) {
        pass.emplace(ctx, lang_, hints);
        pass->set_global_offset(out_.header.global_offset);
        k.kernel = pass->lower(f, name, axioms);
        if (!pass->incomplete()) break;
      }
      k.assumptions = integer_widths(k.kernel, *pass);
      const detail::Lowerer& lowerer = *pass;
      for (std::size_t i = 0; i < errors_.errors.size(); ++i) {
        clang::SourceLocation at = sm.getExpansionLoc(errors_.errors[i].where);
        for (const auto& r : lowerer.ranges()) {
          if (at.isValid() && sm.isPointWithin(at, sm.getExpansionLoc(r.getBegin()), sm.getExpansionLoc(r.getEnd()))) {
            k.errors.push_back(Diagnostic{Diagnostic::Severity::Error, location(sm, at), errors_.errors[i].message});
            k.malformed = k.malformed || errors_.errors[i].syntax;
            attributed[i] = true;
            break;
          }
        }
      }
      out_.kernels.push_back(std::move(k));
    }
    if (lang_ == Language::Cuda)
      out_.host_launches = detail::host_launches(
          ctx, template_name, [&sm](clang::SourceLocation l) { return location(sm, l); });
    std::vector<clang::SourceRange> invalid;
    if (std::find(attributed.begin(), attributed.end(), false) != attributed.end())
      invalid_declarations(ctx.getTranslationUnitDecl(), sm, invalid);
    for (std::size_t i = 0; i < errors_.errors.size(); ++i) {
      if (attributed[i]) continue;
      clang::SourceLocation where = errors_.errors[i].where;
      if (where.isValid() && sm.isInSystemHeader(sm.getExpansionLoc(where))) continue;
      // An error in a declaration Clang marked invalid: code that refers to
      // it is dropped without an error of its own (`o[i] = f(i);` vanishes
      // when f's return type does not compile), so any kernel may have lost
      // statements to it.
      clang::SourceLocation at = sm.getExpansionLoc(where);
      bool in_invalid = at.isValid() && std::any_of(invalid.begin(), invalid.end(), [&](const clang::SourceRange& r) {
        return sm.isPointWithin(at, sm.getExpansionLoc(r.getBegin()), sm.getExpansionLoc(r.getEnd()));
      });
      if (in_invalid) {
        for (auto& k : out_.kernels) {
          k.errors.push_back(Diagnostic{Diagnostic::Severity::Error, location(sm, at),
                                        errors_.errors[i].message +
                                            " (in a declaration that does not compile: code using it may be missing)"});
          k.malformed = k.malformed || errors_.errors[i].syntax;
        }
        if (!out_.kernels.empty()) continue;
      }
      // Other errors in code no kernel uses (host code, a device function
      // no kernel calls) do not matter to the analysis; keep the first few
      // of the user's as notes.
      if (out_.notes.size() < 3)
        out_.notes.push_back(Diagnostic{Diagnostic::Severity::Note, location(sm, errors_.errors[i].where),
                                        "outside the kernels, ignored: " + errors_.errors[i].message});
    }
  }

  // Integer widths (docs/frontend.md): drops the wraps of 32-bit operations
  // that cannot overflow, by the variables' C types and the launch (the
  // command line's, else the header's); gives the parameters left under a
  // wrap their type's range as a precondition; returns the assumptions the
  // kernel's wraps needed, in words, for its report.
  std::vector<std::string> integer_widths(kir::Kernel& k, const detail::Lowerer& lowerer) const {
    kir::RangeFacts facts;
    facts.declared = lowerer.declared_ranges();
    auto dims = [](const std::optional<Dim3>& d) -> std::optional<std::array<std::int64_t, 3>> {
      if (!d) return std::nullopt;
      return std::array<std::int64_t, 3>{d->x, d->y, d->z};
    };
    facts.block = dims(options_.block ? options_.block : out_.header.block);
    facts.grid = dims(options_.grid ? options_.grid : out_.header.grid);
    kir::WrapsLeft left = kir::remove_redundant_wraps(k, facts);
    // What the solver must know too: a 32-bit parameter holds a value of its
    // type, or a wrap of it would meet values no launch passes.
    for (const auto& p : k.parameters) {
      auto r = facts.declared.find(p.name);
      if (r == facts.declared.end() || r->second.hi > INT32_MAX * 2LL + 1 || r->second.lo < INT32_MIN) continue;
      if (r->second.lo == 0 && r->second.hi == 1) continue;  // a bool
      if (!left.variables.count(p.name)) continue;
      k.preconditions.push_back(expr::conj(expr::binary(expr::BinOp::Le, expr::int_lit(r->second.lo), expr::var(p.name)),
                                           expr::binary(expr::BinOp::Le, expr::var(p.name), expr::int_lit(r->second.hi))));
    }
    std::vector<std::string> assumptions;
    if (left.launch_assumed) assumptions.push_back("the launch has at most 2^31 threads per dimension");
    if (left.loop_updates_assumed) assumptions.push_back("loop counters do not overflow");
    if (left.assumed) assumptions.push_back("signed arithmetic on kernel arguments and memory values does not overflow");
    return assumptions;
  }

 private:
  ParsedFile& out_;
  Language lang_;
  ErrorCollector& errors_;
  const Options& options_;

  // The declarations Clang marked invalid, outside system headers and
  // function bodies (an invalid local declaration has its error in the
  // function, where inlining attributes it).
  static void invalid_declarations(const clang::DeclContext* dc, const clang::SourceManager& sm,
                                   std::vector<clang::SourceRange>& out) {
    for (const clang::Decl* d : dc->decls()) {
      if (d->isImplicit()) continue;
      if (d->getLocation().isValid() && sm.isInSystemHeader(sm.getExpansionLoc(d->getLocation()))) continue;
      const clang::Decl* inner = d;
      if (const auto* t = llvm::dyn_cast<clang::TemplateDecl>(d); t && t->getTemplatedDecl()) inner = t->getTemplatedDecl();
      if (d->isInvalidDecl() || inner->isInvalidDecl()) {
        if (d->getSourceRange().isValid()) out.push_back(d->getSourceRange());
      } else if (const auto* nested = llvm::dyn_cast<clang::DeclContext>(inner); nested && !llvm::isa<clang::FunctionDecl>(inner)) {
        invalid_declarations(nested, sm, out);
      }
    }
  }

  static SourceLoc location(const clang::SourceManager& sm, clang::SourceLocation l) {
    if (l.isInvalid()) return {};
    clang::PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(l));
    if (p.isInvalid()) return {};
    return SourceLoc{p.getFilename(), static_cast<int>(p.getLine()), static_cast<int>(p.getColumn())};
  }

  bool is_kernel(const clang::FunctionDecl* f) const {
    return f->hasAttr<clang::CUDAGlobalAttr>() || f->hasAttr<clang::OpenCLKernelAttr>();
  }

  static std::string template_name(const clang::FunctionDecl* f) {
    std::string name = f->getNameAsString();
    if (const auto* args = f->getTemplateSpecializationArgs()) {
      std::string s;
      llvm::raw_string_ostream os(s);
      clang::printTemplateArgumentList(os, args->asArray(), f->getASTContext().getPrintingPolicy());
      name += os.str();
    }
    return name;
  }

  void collect(const clang::DeclContext* dc, std::vector<std::pair<const clang::FunctionDecl*, std::string>>& out) {
    for (const clang::Decl* d : dc->decls()) {
      if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d)) {
        collect(ns, out);
      } else if (const auto* ls = llvm::dyn_cast<clang::LinkageSpecDecl>(d)) {
        collect(ls, out);
      } else if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) {
        const clang::FunctionDecl* pattern = t->getTemplatedDecl();
        if (!is_kernel(pattern) || !pattern->doesThisDeclarationHaveABody()) continue;
        bool any = false;
        for (const clang::FunctionDecl* s : t->specializations()) {
          if (!s->hasBody() || !s->getBody()) continue;
          out.emplace_back(s, template_name(s));
          any = true;
        }
        // No instantiation: the template itself, its parameters unknown.
        if (!any) out.emplace_back(pattern, pattern->getNameAsString());
      } else if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d)) {
        if (is_kernel(f) && f->doesThisDeclarationHaveABody() && !f->isTemplateInstantiation())
          out.emplace_back(f, f->getNameAsString());
      }
    }
  }
};

class KernelAction : public clang::ASTFrontendAction {
 public:
  KernelAction(ParsedFile& out, Language lang, ErrorCollector& errors, const Options& options)
      : out_(out), lang_(lang), errors_(errors), options_(options) {}

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci, llvm::StringRef) override {
    ci.getPreprocessor().addPPCallbacks(std::make_unique<SkipMissingIncludes>(ci.getSourceManager(), out_.notes));
    return std::make_unique<KernelFinder>(out_, lang_, errors_, options_);
  }

 private:
  ParsedFile& out_;
  Language lang_;
  ErrorCollector& errors_;
  const Options& options_;
};

// The bundled device headers: $RACECERT_INCLUDE_DIR, else those of an
// installed racecert (PREFIX/share/racecert/include beside PREFIX/bin, so
// that the installation can be moved), else the source tree's (a build).
std::string include_dir() {
  if (const char* env = std::getenv("RACECERT_INCLUDE_DIR")) return env;
  static const std::string dir = [] {
    std::filesystem::path self = self_executable();
    std::filesystem::path installed = self.parent_path().parent_path() / RACECERT_INSTALLED_INCLUDE_DIR;
    std::error_code ec;
    if (!self.empty() && std::filesystem::exists(installed / "racecert_cuda.h", ec)) return installed.string();
    return std::string(RACECERT_INCLUDE_DIR);
  }();
  return dir;
}

std::vector<std::string> clang_arguments(const std::string& path, Language lang, const Options& o,
                                         const GpuVerifyHeader& h) {
  std::string res = RACECERT_CLANG_RESOURCE_DIR;
  std::vector<std::string> args = {"clang", "-fsyntax-only", "-ferror-limit=0", "-w", "-fno-caret-diagnostics",
                                   "-resource-dir", res};
  if (lang == Language::OpenCL) {
    args.insert(args.end(), {"-x", "cl", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header", "-include",
                             include_dir() + "/racecert_opencl.h"});
  } else if (!o.cuda_path.empty()) {
    args.insert(args.end(), {"-x", "cuda", "--cuda-device-only", "--cuda-path=" + o.cuda_path,
                             "--cuda-gpu-arch=sm_70", "-Wno-unknown-cuda-version", "-std=c++17", "-include",
                             include_dir() + "/racecert_specs.h"});
  } else {
    // Device mode without a CUDA installation: racecert's own declarations
    // (racecert_cuda.h) and header shadows, and none of Clang's CUDA
    // wrappers of the C++ library (they assume the CUDA SDK).
    args.insert(args.end(), {"-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib", "-nobuiltininc",
                             "-isystem", res + "/include", "--cuda-gpu-arch=sm_70", "-Wno-unknown-cuda-version",
                             "-std=c++17", "-I", include_dir(), "-include", "racecert_cuda.h"});
  }
  for (const auto& d : h.defines) args.push_back("-D" + d);
  for (const auto& d : o.defines) args.push_back("-D" + d);
  for (const auto& i : o.include_dirs) args.push_back("-I" + i);
  // The file's own directory, "." for a bare file name ("-I" alone would
  // swallow the next argument).
  std::string dir = std::filesystem::path(path).parent_path().string();
  args.push_back("-I" + (dir.empty() ? std::string(".") : dir));
  // A file named like an option ("-x.cu") is a file.
  args.push_back(!path.empty() && path[0] == '-' ? "./" + path : path);
  return args;
}

}  // namespace

bool is_kernel_file(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  return ext == ".cu" || ext == ".cuh" || ext == ".cl";
}

ParsedFile parse_kernels(const std::string& path, const Options& o) {
  std::string text = read_file(path);
  ParsedFile out;
  out.path = path;
  out.header = parse_gpuverify_header(text, path);
  // The same for check, harness and hook: a header GPUVerify would reject
  // is malformed input, never checked with dimensions the file lacks.
  if (out.header.malformed) throw *out.header.malformed;
  if (!out.header.ignored.empty()) {
    std::string words;
    for (const auto& w : out.header.ignored) words += (words.empty() ? "" : " ") + w;
    out.notes.push_back(Diagnostic{Diagnostic::Severity::Note, SourceLoc{path, 2, 3},
                                   "GPUVerify header flags ignored: " + words});
  }
  Language lang = std::filesystem::path(path).extension() == ".cl" ? Language::OpenCL : Language::Cuda;
  ErrorCollector errors;
  auto files = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions());
  clang::tooling::ToolInvocation invocation(clang_arguments(path, lang, o, out.header),
                                            std::make_unique<KernelAction>(out, lang, errors, o), files.get());
  invocation.setDiagnosticConsumer(&errors);
  bool ok = invocation.run();
  if (out.kernels.empty() && (!errors.errors.empty() || !ok)) {
    // Nothing to analyse and the compiler complained: malformed input.
    if (errors.errors.empty()) throw input_error(SourceLoc{path, 0, 0}, "the compiler could not parse the file");
    const ClangError& first = errors.errors.front();
    throw input_error(first.at.known() ? first.at : SourceLoc{path, 0, 0}, first.message);
  }
  return out;
}

}  // namespace racecert::frontend
