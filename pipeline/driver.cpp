#include "cli/check_inputs.hpp"

#include <filesystem>
#include <optional>
#include <set>
#include <utility>

#include "barriers/check.hpp"
#include "barriers/from_kernel.hpp"
#include "frontend/frontend.hpp"
#include "frontend/infer.hpp"
#include "protocol/parser.hpp"
#include "protocol/printer.hpp"

namespace racecert::cli {

namespace {

std::vector<expr::Expr> dims(const std::string& builtin, const frontend::Dims& d) {
  std::vector<expr::Expr> out;
  const char* axes[] = {"x", "y", "z"};
  for (std::size_t i = 0; i < 3; ++i)
    out.push_back(expr::binary(expr::BinOp::Eq, expr::var(builtin + "." + axes[i]),
                               expr::int_lit(i < d.size() ? d[i] : 1)));
  return out;
}

KernelReport unknown_report(const std::string& file, const std::string& name, std::vector<Diagnostic> why) {
  KernelReport r;
  r.name = name;
  r.file = file;
  r.status = KernelStatus::Unknown;
  r.diagnostics = std::move(why);
  return r;
}

// The launch dimensions a file is checked with: the command line's, else
// its header's, else none (symbolic).
std::optional<frontend::Dims> launch_dims(bool given, const frontend::Dims& cli, const std::optional<frontend::Dims>& header) {
  return given ? std::optional<frontend::Dims>(cli) : header;
}

// Named barriers: with a known block size, the named-barrier check decides
// shared memory (one concrete block; docs/named-barriers.md) and the
// protocol keeps the global arrays. Without one, the protocol analysis checks
// everything and named barriers do not order anything there: sound, but
// producer/consumer code then gives false alarms.
void check_named_barriers(const std::string& path, const kir::Kernel& k, const frontend::ParsedFile& f,
                          const InputOptions& o, protocol::Kernel& protocol, Inputs& in) {
  std::optional<frontend::Dims> block = launch_dims(o.block_dim_given, o.block_dim, f.header.block_dim);
  std::optional<frontend::Dims> grid = launch_dims(o.grid_dim_given, o.grid_dim, f.header.grid_dim);
  if (!block) {
    in.notes.push_back({{path, k.name},
                        Diagnostic{Diagnostic::Severity::Note, k.loc,
                                   "named barriers are checked only with a known block size (--block-dim or a "
                                   "GPUVerify header); here they do not order shared-memory accesses"}});
    return;
  }
  KernelReport r;
  try {
    r = barriers::check(barriers::program_from_kernel(k, barriers::Launch{*block, grid}));
  } catch (const Error& e) {
    r = unknown_report(path, k.name, {Diagnostic{Diagnostic::Severity::Warning, e.loc(), e.what()}});
  }
  r.name = k.name;
  r.file = path;
  // A loop unrolled by the extraction repeats the same racing statements:
  // one race per pair of source positions.
  std::set<std::pair<std::string, std::string>> seen;
  std::erase_if(r.races, [&](const ReportedRace& x) {
    return !seen.insert({x.first.loc.str(), x.second.loc.str()}).second;
  });
  std::int64_t threads = 1;
  for (auto d : *block) threads *= d;
  r.diagnostics.insert(r.diagnostics.begin(),
                       Diagnostic{Diagnostic::Severity::Note, k.loc,
                                  "shared memory checked by the named-barrier analysis for a block of " +
                                      std::to_string(threads) + " threads"});
  in.decided.push_back(std::move(r));
  std::set<std::string> global;
  for (const auto& a : protocol.arrays)
    if (a.space == protocol::MemorySpace::Global) global.insert(a.name);
  protocol = protocol::project(protocol, global);
}

void load_kernels(const std::string& path, const InputOptions& o, Inputs& in) {
  frontend::Options fo{o.defines, o.include_dirs, o.cuda_path};
  frontend::ParsedFile f = frontend::parse_kernels(path, fo);
  bool any = false;
  for (auto& lk : f.kernels) {
    if (!o.kernel.empty() && lk.kernel.name != o.kernel) continue;
    any = true;
    if (o.show == "kernel") in.shown += kir::print(lk.kernel);
    if (!lk.errors.empty()) {
      if (lk.malformed) {
        const Diagnostic& d = lk.errors.front();
        in.errors.push_back(input_error(d.loc, d.message));
      }
      std::vector<Diagnostic> why;
      for (auto d : lk.errors) {
        d.message = "the kernel does not compile: " + d.message;
        why.push_back(d);
      }
      // A skipped header is often why.
      why.insert(why.end(), f.notes.begin(), f.notes.end());
      in.decided.push_back(unknown_report(path, lk.kernel.name, std::move(why)));
      continue;
    }
    frontend::Inference inf = frontend::infer_protocol(lk.kernel);
    // Command-line dimensions are assumptions of every query (check_command.cpp).
    if (!o.block_dim_given && f.header.block_dim)
      for (auto& e : dims("blockDim", *f.header.block_dim)) inf.protocol.preconditions.push_back(e);
    if (!o.grid_dim_given && f.header.grid_dim)
      for (auto& e : dims("gridDim", *f.header.grid_dim)) inf.protocol.preconditions.push_back(e);
    if (o.show == "protocol") in.shown += protocol::print(inf.protocol);
    if (!inf.unsupported.empty()) {
      // One diagnostic, at the first construct in program order: what
      // follows from it (an access through the pointer it made) would only
      // repeat it. --show kernel lists every one.
      std::vector<Diagnostic> why = {inf.unsupported.front()};
      if (inf.unsupported.size() > 1)
        why.push_back(Diagnostic{Diagnostic::Severity::Note, lk.kernel.loc,
                                 std::to_string(inf.unsupported.size() - 1) +
                                     " more unsupported construct(s) in this kernel (racecert check --show kernel)"});
      why.insert(why.end(), inf.notes.begin(), inf.notes.end());
      in.decided.push_back(unknown_report(path, lk.kernel.name, std::move(why)));
      continue;
    }
    if (barriers::uses_named_barriers(lk.kernel)) check_named_barriers(path, lk.kernel, f, o, inf.protocol, in);
    for (const auto& n : inf.notes) in.notes.push_back({{path, lk.kernel.name}, n});
    for (const auto& n : f.notes) in.notes.push_back({{path, lk.kernel.name}, n});
    inf.protocol.loc.file = path;
    in.protocols.push_back(std::move(inf.protocol));
  }
  if (!any && f.kernels.empty())
    in.errors.push_back(input_error(SourceLoc{path, 0, 0}, "no kernel in the file"));
}

}  // namespace

void load_input(const std::string& path, const InputOptions& o, Inputs& in) {
  try {
    std::string ext = std::filesystem::path(path).extension().string();
    if (ext == ".bar") {
      for (auto& r : barriers::check_text_file(path))
        if (o.kernel.empty() || r.name == o.kernel) in.decided.push_back(std::move(r));
    } else if (ext == ".map") {
      for (auto& k : protocol::parse_protocol_file(path).kernels) {
        if (!o.kernel.empty() && k.name != o.kernel) continue;
        if (o.show == "protocol") in.shown += protocol::print(k);
        in.protocols.push_back(std::move(k));
      }
    } else if (frontend::is_kernel_file(path)) {
      load_kernels(path, o, in);
    } else {
      throw input_error(SourceLoc{path, 0, 0},
                        "unsupported file type '" + ext + "' (expected .cu, .cuh, .cl, .map or .bar)");
    }
  } catch (const Error& e) {
    in.errors.push_back(e);
  }
}

}  // namespace racecert::cli
