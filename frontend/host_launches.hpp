#pragma once
// Internal: the kernel launches of a file's host code whose dimensions are
// constants (frontend.hpp HostLaunch).
#include <functional>
#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include "frontend/frontend.hpp"

namespace racecert::frontend::detail {

// Every `kernel<<<grid, block>>>` outside system headers whose grid and
// block evaluate to constants; `kernel_name` names the callee as the front
// end names kernels. `location` turns a Clang location into ours.
std::vector<HostLaunch> host_launches(clang::ASTContext& ctx,
                                      const std::function<std::string(const clang::FunctionDecl*)>& kernel_name,
                                      const std::function<SourceLoc(clang::SourceLocation)>& location);

}  // namespace racecert::frontend::detail
