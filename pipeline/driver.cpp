#include "pipeline/driver.hpp"

#include <algorithm>
#include <chrono>
#include <map>

#include <filesystem>
#include <set>
#include <utility>

#include "barriers/check.hpp"
#include "barriers/from_kernel.hpp"
#include "barriers/parser.hpp"
#include "barriers/printer.hpp"
#include "frontend/frontend.hpp"
#include "inference/infer.hpp"
#include "pipeline/fallback.hpp"
#include "pipeline/replay.hpp"
#include "pipeline/reports.hpp"
#include "pipeline/show.hpp"
#include "protocol/parser.hpp"
#include "protocol/printer.hpp"
#include "smt/query.hpp"
#include "support/memory_reuse.hpp"

namespace racecert::pipeline {

namespace {

// What the pipeline gathered from the files before the protocol analysis.
struct Gathered {
  std::vector<protocol::Kernel> protocols;  // routed to the protocol analysis
  // Per protocol: what its file's header asks of the analysis
  // (--no-benign-tolerance, --only-intra-group, --warp-sync=N).
  struct HeaderChecks {
    bool no_benign_tolerance = false, only_intra_group = false;
    int warp_sync = 0;
    // The arrays whose races are checked, when the header restricts them
    // (restrict_checked_arrays); none: every array.
    std::optional<std::set<std::string>> race_arrays;
    auto operator<=>(const HeaderChecks&) const = default;
  };
  std::vector<HeaderChecks> checks;
  // Per protocol: the launch sizes assumed 1 because it never reads their
  // dimension (pipeline/launch.hpp), for its report.
  std::vector<std::vector<std::string>> assumed_one;
  std::vector<std::vector<std::string>> assumptions;  // per protocol: the front end's, in words
  std::vector<HostLaunchUsed> host_launches;          // per protocol: the host-code launch it was checked for
  // The kernel IR of each protocol inferred from code, by (file, kernel
  // name): what the replay of its races runs (pipeline/replay.hpp).
  std::map<std::pair<std::string, std::string>, kir::Kernel> code;
  // Verdicts reached without it: unknown kernels, .bar files, and the
  // named-barrier check's verdict on shared memory (merged with the protocol
  // verdict of the same kernel, which then covers global memory only).
  std::vector<KernelReport> decided;
  std::vector<KernelNote> notes;  // for kernels still to check
  std::vector<ExploreCandidate> explore;  // kernels with atomics or fences (pipeline/fallback.hpp)
  std::vector<Error> errors;
  std::string shown;
  bool matched = false;  // some kernel passed the --kernel filter
  std::vector<std::string> kernel_names;     // every kernel of the files, for a --kernel that matches none
  std::vector<std::string> without_kernels;  // files with no kernel (a helper header)
  int extractions = 0;
};

Gathered::HeaderChecks header_checks(const GpuVerifyHeader& h) {
  return {h.no_benign_tolerance, h.only_intra_group, h.warp_sync, std::nullopt};
}

bool wants(const Options& o, Stage s) { return o.show == s; }

// The named-barrier check simulates one block concretely (the program the
// kernel-IR executor extracted, or a .bar file): its races happen on that
// run, which is what a replay would confirm.
void confirm_simulated(KernelReport& r) {
  for (auto& race : r.races) race.confirmed = true;
}

// How the named-barrier check runs one kernel: its block, and whether warps
// run in lock step (--warp-sync 32 or the header's --warp-sync=32).
struct BlockRun {
  SimulatedBlock block;
  bool lockstep = false;
  bool benign_writes_race = false;  // --benign-races, or the header's --no-benign-tolerance
};

// The first named barrier of the kernel (uses_named_barriers: not a plain
// __syncthreads), where a verdict about them points.
SourceLoc first_named_barrier(const kir::Kernel& k) {
  SourceLoc at = k.loc;
  kir::any_statement(k.body, [&](const kir::Stmt& s) {
    const auto* b = std::get_if<kir::Barrier>(&s.node);
    if (!b || b->kind != kir::Barrier::Kind::Named || kir::is_block_barrier(*b)) return false;
    at = b->loc;
    return true;
  });
  return at;
}

// In lock step a warp registers as a whole even when only some of its
// threads execute the barrier (PTX's bar on Fermi-era hardware, WEFT's -s
// mode). The extraction splits a warp whose threads diverge into single
// threads, each registering one thread: that counts right only when every
// thread of the warp executes the same barrier commands. Otherwise the
// named-barrier part is unknown in lock step: the position of the first
// barrier command where the warp's threads differ.
std::optional<SourceLoc> split_warp_barrier(const barriers::Program& p) {
  using barriers::Op;
  auto barrier_cmds = [](const barriers::Unit& u) {
    std::vector<const barriers::Command*> out;
    for (const auto& c : u.cmds)
      if (c.op == Op::Sync || c.op == Op::Arrive) out.push_back(&c);
    return out;
  };
  auto same = [](const barriers::Command* a, const barriers::Command* b) {
    return a->op == b->op && a->arg == b->arg && a->aux == b->aux;
  };
  std::map<std::uint32_t, std::vector<const barriers::Unit*>> split;  // warp -> its single-thread units
  for (const auto& u : p.units)
    if (u.num_threads == 1) split[u.first_thread / barriers::kWarpSize].push_back(&u);
  for (const auto& [warp, units] : split) {
    std::uint32_t first = warp * barriers::kWarpSize;
    std::uint32_t threads = std::min<std::uint32_t>(barriers::kWarpSize, p.block_threads - first);
    auto ref = barrier_cmds(*units.front());
    bool missing = units.size() != threads;
    for (const auto* u : units) {
      auto mine = barrier_cmds(*u);
      for (std::size_t i = 0; i < std::max(mine.size(), ref.size()); ++i)
        if (i >= mine.size() || i >= ref.size() || !same(mine[i], ref[i]))
          return p.loc_of(i < mine.size() ? *mine[i] : *ref[i]);
    }
    if (missing && !ref.empty()) return p.loc_of(*ref.front());
  }
  return std::nullopt;
}

// The named-barrier check of one kernel: its verdict on shared memory.
KernelReport check_block(const std::string& path, const kir::Kernel& k, barriers::Program program,
                         const BlockRun& run) {
  program.lockstep = run.lockstep;
  if (run.lockstep)
    if (auto at = split_warp_barrier(program))
      return unknown_report(
          path, k.name,
          {Diagnostic{Diagnostic::Severity::Warning, *at,
                      "named barriers: with --warp-sync 32 a warp registers as a whole on a barrier, but only some "
                      "threads of this warp execute this barrier command; the named-barrier check counts whole warps "
                      "only when all of their threads execute the same barrier commands"}});
  barriers::CheckOptions options;
  options.analysis.benign_writes_race = run.benign_writes_race;
  KernelReport r = barriers::check(program, options);
  confirm_simulated(r);
  r.name = k.name;
  r.file = path;
  // A loop unrolled by the extraction repeats the same racing statements:
  // one race per pair of source positions.
  std::set<std::pair<std::string, std::string>> seen;
  std::erase_if(r.races, [&](const ReportedRace& x) {
    return !seen.insert({x.first.loc.str(), x.second.loc.str()}).second;
  });
  const Dim3& block = run.block.dims;
  std::vector<Diagnostic> how = {Diagnostic{Diagnostic::Severity::Note, k.loc,
                                            "shared memory checked by the named-barrier analysis for a block of " +
                                                std::to_string(block.x * block.y * block.z) + " threads" +
                                                (run.lockstep ? ", warps of 32 threads in lock step" : "")}};
  if (run.block.from_launch_bounds)
    how.push_back(Diagnostic{Diagnostic::Severity::Note, k.loc,
                             "using __launch_bounds__(" + std::to_string(block.x) +
                                 ") as the block size (--block-dim or a GPUVerify header overrides it)"});
  r.diagnostics.insert(r.diagnostics.begin(), how.begin(), how.end());
  return r;
}

std::vector<Diagnostic> unsupported(const kir::Kernel& k, const inference::Inference& inf) {
  std::vector<Diagnostic> why = {inf.unsupported.front()};
  if (inf.unsupported.size() > 1)
    why.push_back(Diagnostic{Diagnostic::Severity::Note, k.loc,
                             std::to_string(inf.unsupported.size() - 1) +
                                 " more unsupported construct(s) in this kernel (racecert check --show kernel)"});
  why.insert(why.end(), inf.notes.begin(), inf.notes.end());
  return why;
}

// The program of one block, extracted for the named-barrier check (only
// for `--show barriers` and the check itself: seconds and gigabytes for a
// long loop), or why it could not be.
struct BlockProgram {
  std::optional<barriers::Program> program;
  std::optional<Error> error;
};

BlockProgram extract_block(const kir::Kernel& k, const Dim3& block, const Launch& launch, Gathered& g) {
  ++g.extractions;
  try {
    return {barriers::program_from_kernel(k, barriers::Launch{block, launch.grid}), std::nullopt};
  } catch (const Error& e) {
    return {std::nullopt, e};
  }
}

// The header's restrictions of the race check (GPUVerify's --only-divergence
// and --only-log, /checkArrays:A,B) as the set of arrays whose races are
// checked (none: every array); barriers and control flow (divergence) are
// checked as before, and the report states what was not checked. A
// /checkArrays name the kernel has no array for is malformed input, as for
// GPUVerify. Returns false when the kernel is not checked.
bool restrict_checked_arrays(const std::string& path, const kir::Kernel& k, const GpuVerifyHeader& h,
                             std::optional<std::set<std::string>>& checked, std::vector<std::string>& assumptions,
                             Gathered& g) {
  if (!h.no_race_check.empty()) {
    checked.emplace();
    assumptions.push_back("data races are not checked (GPUVerify header flag " + h.no_race_check + ")");
  } else if (h.check_arrays) {
    std::string names;
    for (const auto& a : *h.check_arrays) {
      if (!k.find_array(a)) {
        g.errors.push_back(input_error(SourceLoc{path, 2, h.check_arrays_column},
                                       "/checkArrays names '" + a + "', which is not an array of kernel '" +
                                           k.name + "'"));
        return false;
      }
      names += (names.empty() ? "" : ", ") + a;
    }
    checked.emplace(h.check_arrays->begin(), h.check_arrays->end());
    assumptions.push_back("data races are checked only on " + names + " (GPUVerify header flag /checkArrays)");
  }
  return true;
}

// One kernel of a .cu/.cl file through the stages before the protocol
// analysis. Returns early at the `show` stage. Returns whether the kernel
// was sent to the protocol analysis (its code is then kept, for replay).
bool kernel_stages(const std::string& path, const frontend::LoweredKernel& lk, const frontend::ParsedFile& f,
                   const GpuVerifyHeader& header, const HostLaunchUsed& host, const Options& o, Gathered& g) {
  const kir::Kernel& k = lk.kernel;
  g.matched = true;
  // 1. The kernel IR.
  if (wants(o, Stage::Kernel)) g.shown += kir::print(k);
  if (!lk.errors.empty()) {
    if (lk.malformed) g.errors.push_back(input_error(lk.errors.front().loc, lk.errors.front().message));
    if (!o.show) g.decided.push_back(unknown_report(path, k.name, compile_errors(lk, f)));
    return false;
  }
  if (wants(o, Stage::Kernel)) return false;
  // 2. Routing: a kernel with named barriers has its shared arrays (and
  // its barriers' well-synchronization) decided by the named-barrier check on
  // the extracted program of one block (extracted for `barriers` here, for
  // the check in step 4), its global arrays by the protocol analysis. That
  // needs a block size (--block-dim, else the header, else a constant
  // launch of the host code, else __launch_bounds__): without one, the named-barrier part is unknown,
  // never drf (the protocol analysis would ignore the named barriers: false
  // alarms, and a deadlock would pass unseen).
  Launch launch = launch_of(o.launch, header);
  bool named = barriers::uses_named_barriers(k);
  std::optional<SimulatedBlock> block = named ? simulated_block(launch, k.launch_bounds) : std::nullopt;
  bool shared_to_barriers = named && block;
  if (!o.show && o.explore_fallback && wants_explorer(k) && (!named || block))
    g.explore.push_back(ExploreCandidate{path, k, header, shared_to_barriers ? "named barriers" : ""});
  const int warp_sync = o.check.warp_size ? o.check.warp_size : header.warp_sync;
  if (wants(o, Stage::Barriers)) {
    if (shared_to_barriers) {
      BlockProgram b = extract_block(k, block->dims, launch, g);
      if (b.program) {
        b.program->lockstep = warp_sync == 32;
        g.shown += barriers::print(*b.program);
      }
      if (b.error) g.shown += "// kernel " + k.name + ": " + b.error->render() + "\n";
    }
    if (named && !block)
      g.shown += "// kernel " + k.name + ": named barriers are checked only with a known block size\n";
    return false;
  }

  // 3. The protocol: inferred, restricted to the arrays routed to it, with
  // the header's dimensions as preconditions (the command line's are
  // assumptions of every query, Options::check).
  inference::Inference inf = inference::infer_protocol(k, {!header.adversarial_abstraction, !header.adversarial_abstraction});
  if (!inf.unsupported.empty()) {
    if (wants(o, Stage::Protocol)) g.shown += "// kernel " + k.name + ": not checked: unsupported construct\n";
    // Once, whatever the number of host launches: inference does not see the launch.
    bool reported = std::any_of(g.decided.begin(), g.decided.end(),
                                [&](const KernelReport& r) { return r.file == path && r.name == k.name; });
    if (!o.show && !reported) g.decided.push_back(unknown_report(path, k.name, unsupported(k, inf)));
    return false;
  }
  // The dimensions the kernel never reads are 1, unless --all-dims: read
  // in the kernel IR or in the whole protocol (before the named-barrier
  // routing keeps its global arrays only), and before the header's
  // dimensions join its preconditions: `--blockDim=64` says blockDim.y ==
  // 1, which is no read of the y dimension, and counted as one it left a
  // grid the header does not give free in y and z (a race between blocks
  // that differ in blockIdx.y, on a kernel that never reads it).
  UnreadDimensions unread;
  if (!o.all_dims) {
    std::set<std::string> read = dimensions_read(k);
    read.merge(dimensions_read(inf.protocol));
    unread = unread_dimensions(read, launch.block || header.block_unconstrained,
                               launch.grid || header.grid_unconstrained);
  }
  if (!o.launch.block && header.block)
    for (auto& e : dimension_preconditions("blockDim", *header.block)) inf.protocol.preconditions.push_back(e);
  if (!o.launch.grid && header.grid)
    for (auto& e : dimension_preconditions("gridDim", *header.grid)) inf.protocol.preconditions.push_back(e);
  for (auto& e : unread.preconditions) inf.protocol.preconditions.push_back(e);
  if (!launch.block && k.launch_bounds)
    for (auto& e : launch_bounds_preconditions(*k.launch_bounds)) inf.protocol.preconditions.push_back(e);
  // --kernel-args=NAME,V...: the scalar parameters of kernel NAME, in
  // order, have these values (a parameter the front end does not track as
  // an integer, a struct passed by value, ends the list).
  if (header.kernel_args && header.kernel_args->kernel == k.name) {
    const auto& values = header.kernel_args->values;
    for (std::size_t i = 0; i < values.size() && i < k.parameters.size(); ++i) {
      const kir::Variable& p = k.parameters[i];
      if (p.type != kir::ScalarType::Int && p.type != kir::ScalarType::Unsigned && p.type != kir::ScalarType::Bool) break;
      inf.protocol.preconditions.push_back(expr::binary(expr::BinOp::Eq, expr::var(p.name), expr::int_lit(values[i])));
    }
  }
  std::vector<std::string> assumptions = lk.assumptions;
  Gathered::HeaderChecks checks = header_checks(header);
  if (!restrict_checked_arrays(path, k, header, checks.race_arrays, assumptions, g)) return false;
  if (named) {
    std::set<std::string> global;
    for (const auto& a : inf.protocol.arrays)
      if (a.space == protocol::MemorySpace::Global) global.insert(a.name);
    inf.protocol = protocol::project(inf.protocol, global);
  }
  inf.protocol.loc.file = path;
  if (wants(o, Stage::Protocol)) g.shown += protocol::print(inf.protocol);
  if (o.show) {
    if (!wants(o, Stage::Protocol)) {  // for the later stages
      g.protocols.push_back(std::move(inf.protocol));
      g.checks.push_back(header_checks(header));
    }
    return false;
  }

  // 4. The named-barrier check's verdict on shared memory; the protocol
  // analysis runs on every kernel together (run_check).
  if (shared_to_barriers) {
    BlockProgram b = extract_block(k, block->dims, launch, g);
    std::vector<Diagnostic> why;
    if (warp_sync && warp_sync != 32)
      why.push_back(Diagnostic{Diagnostic::Severity::Note, k.loc,
                               "--warp-sync " + std::to_string(warp_sync) +
                                   " is not used by the named-barrier check (only warps of 32 threads run in lock "
                                   "step there): its threads are independent"});
    KernelReport r = b.program ? check_block(path, k, std::move(*b.program), BlockRun{*block, warp_sync == 32,
                                                                        o.check.query.benign_writes_race ||
                                                                            header.no_benign_tolerance})
                               : unknown_report(path, k.name,
                                                {Diagnostic{Diagnostic::Severity::Warning, b.error->loc(),
                                                            b.error->what()}});
    r.diagnostics.insert(r.diagnostics.end(), why.begin(), why.end());
    g.decided.push_back(std::move(r));
  } else if (named) {
    g.decided.push_back(unknown_report(
        path, k.name,
        {Diagnostic{Diagnostic::Severity::Warning, first_named_barrier(k),
                    "named barriers need a known block size: their well-synchronization (deadlock freedom) and the "
                    "shared arrays they order are not checked; give one with --block-dim N, a GPUVerify header "
                    "(//--blockDim=N) or __launch_bounds__(N)"}}));
  }
  for (const auto& n : inf.notes) g.notes.push_back({path, k.name, n});
  for (const auto& n : f.notes) g.notes.push_back({path, k.name, n});
  g.protocols.push_back(std::move(inf.protocol));
  g.checks.push_back(std::move(checks));
  g.assumed_one.push_back(std::move(unread.assumed_one));
  g.assumptions.push_back(std::move(assumptions));
  g.host_launches.push_back(host);
  return true;
}

void load_kernel_file(const std::string& path, const Options& o, Gathered& g) {
  frontend::ParsedFile f = frontend::parse_kernels(path, frontend::Options{o.defines, o.include_dirs, o.cuda_path, o.launch.block, o.launch.grid});
  if (f.kernels.empty()) g.without_kernels.push_back(path);
  for (const auto& lk : f.kernels) g.kernel_names.push_back(lk.kernel.name);
  for (auto& lk : f.kernels) {
    if (!o.kernel.empty() && lk.kernel.name != o.kernel) continue;
    // A kernel that does not compile is reported once; `--show` shows the
    // first host launch only.
    std::vector<frontend::HostLaunch> shapes;
    if (lk.errors.empty()) shapes = host_launches_for(lk.kernel.name, o.launch, f.header, f.host_launches);
    if (o.show && shapes.size() > 1) shapes.resize(1);
    bool checked = shapes.empty() && kernel_stages(path, lk, f, f.header, HostLaunchUsed{}, o, g);
    for (const auto& l : shapes) {
      GpuVerifyHeader header = f.header;
      header.block = l.block;
      header.grid = l.grid;
      HostLaunchUsed used{l.loc.file + ":" + std::to_string(l.loc.line) + " (" + l.str() + ")", shapes.size() > 1};
      checked = kernel_stages(path, lk, f, header, used, o, g) || checked;
    }
    // The code of a kernel sent to the protocol analysis, for the replay of
    // its races: moved, not copied (a copy of a 50,000-statement kernel's
    // IR was 30 MB and its time; issue 18).
    if (checked) g.code.insert_or_assign({path, lk.kernel.name}, std::move(lk.kernel));
  }
}

void load_barrier_file(const std::string& path, const Options& o, Gathered& g) {
  if (o.show) {
    if (!wants(o, Stage::Barriers)) return;
    for (const auto& p : barriers::parse_text_file(path)) {
      g.kernel_names.push_back(p.name);
      if (o.kernel.empty() || p.name == o.kernel) {
        g.matched = true;
        g.shown += barriers::print(p);
      }
    }
    return;
  }
  barriers::CheckOptions options;
  options.analysis.benign_writes_race = o.check.query.benign_writes_race;
  for (auto& r : barriers::check_text_file(path, options)) {
    g.kernel_names.push_back(r.name);
    if (o.kernel.empty() || r.name == o.kernel) {
      g.matched = true;
      confirm_simulated(r);
      g.decided.push_back(std::move(r));
    }
  }
}

void load_protocol_file(const std::string& path, const Options& o, Gathered& g) {
  for (auto& k : protocol::parse_protocol_file(path).kernels) {
    g.kernel_names.push_back(k.name);
    if (!o.kernel.empty() && k.name != o.kernel) continue;
    g.matched = true;
    if (o.show == Stage::Kernel || o.show == Stage::Barriers) continue;  // a protocol has neither
    UnreadDimensions unread;
    if (!o.all_dims)
      unread = unread_dimensions(dimensions_read(k), o.launch.block.has_value(), o.launch.grid.has_value());
    for (auto& e : unread.preconditions) k.preconditions.push_back(e);
    if (wants(o, Stage::Protocol)) g.shown += protocol::print(k);
    g.protocols.push_back(std::move(k));
    g.checks.push_back({});
    g.assumed_one.push_back(std::move(unread.assumed_one));
    g.assumptions.push_back({});
    g.host_launches.push_back({});
  }
}

void load_file(const std::string& path, const Options& o, Gathered& g) {
  try {
    std::string ext = std::filesystem::path(path).extension().string();
    if (ext == ".bar") load_barrier_file(path, o, g);
    else if (ext == ".map") load_protocol_file(path, o, g);
    else if (frontend::is_kernel_file(path)) load_kernel_file(path, o, g);
    else {
      read_file(path);  // a missing file or a directory says so before its extension does
      throw input_error(SourceLoc{path, 0, 0},
                        "unsupported file type '" + ext + "' (expected .cu, .cuh, .cl, .map or .bar)");
    }
  } catch (const Error& e) {
    g.errors.push_back(e);
  }
}

}  // namespace

// The protocol analysis of every routed kernel, one report each in their
// order. Kernels of a file whose header says --no-benign-tolerance are
// checked counting two writes of the same value as a race; with
// --only-intra-group only threads of one block are compared; with
// --warp-sync=N warps of N threads run in lock-step (unless the command
// line's --warp-sync says otherwise).
// The protocols move into the check: nothing reads them after it.
std::vector<KernelReport> check_protocols(std::vector<protocol::Kernel> protocols,
                                          const std::vector<Gathered::HeaderChecks>& checks,
                                          const smt::CheckOptions& check) {
  std::map<Gathered::HeaderChecks, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < protocols.size(); ++i) groups[checks[i]].push_back(i);
  if (groups.size() <= 1 && (groups.empty() || groups.begin()->first == Gathered::HeaderChecks{}))
    return smt::check(std::move(protocols), check);
  std::vector<KernelReport> out(protocols.size());
  for (const auto& [flags, at] : groups) {
    smt::CheckOptions o = check;
    o.query.benign_writes_race = o.query.benign_writes_race || flags.no_benign_tolerance;
    o.intra_block_only = flags.only_intra_group;
    if (o.warp_size == 0) o.warp_size = flags.warp_sync;
    o.race_arrays = flags.race_arrays;
    if (check.progress)  // indices of the group, progress's of every protocol
      o.progress = [&check, &at](std::size_t k, std::size_t done, std::size_t total) { check.progress(at[k], done, total); };
    std::vector<protocol::Kernel> group;
    for (std::size_t i : at) group.push_back(std::move(protocols[i]));
    std::vector<KernelReport> reports = smt::check(std::move(group), o);
    for (std::size_t j = 0; j < reports.size(); ++j) out[at[j]] = std::move(reports[j]);
  }
  return out;
}

Result run_check(const std::vector<std::string>& files, const Options& o) {
  // Parse, lower, route and (for .bar files and shared memory with named
  // barriers) check each file.
  using Clock = std::chrono::steady_clock;
  auto seconds_since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
  auto started = Clock::now();
  // No Z3 context is made before a query needs one. Made ahead, while the
  // front end parsed, it cost some 10 ms of CPU (its thread, its 18 MB of
  // pages) and, at exit, the wait for it; three GPUVerify testsuite files
  // in four ask Z3 nothing (issue 18, docs/benchmarks.md, eleventh session).
  Gathered g;
  auto counter = [&files](std::size_t i) {
    return "[" + std::to_string(i + 1) + "/" + std::to_string(files.size()) + "] ";
  };
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (o.progress) o.progress(counter(i) + files[i] + ": front end");
    load_file(files[i], o, g);
  }
  Result out;
  out.timing.front_end = seconds_since(started);
  out.errors = g.errors;
  out.barrier_extractions = g.extractions;
  out.without_kernels = g.without_kernels;
  if (out.errors.empty() && !g.matched && !o.kernel.empty()) {
    // A name that is not there is a usage error: say which names are.
    std::string names;
    for (const auto& n : g.kernel_names) names += (names.empty() ? "" : ", ") + n;
    out.errors.push_back(usage_error("no kernel named '" + o.kernel + "'" +
                                     (names.empty() ? std::string(" (the files have no kernel)")
                                                    : "; the files have: " + names)));
  }

  // The command line's dimensions hold for every kernel and every query.
  smt::CheckOptions check = o.check;
  for (auto& e : launch_preconditions(o.launch)) check.assumptions.push_back(std::move(e));

  // --show: the stages of the protocol analysis, up to the one asked for.
  if (o.show) {
    out.shown = std::move(g.shown);
    if (*o.show >= Stage::WellFormed)
      for (std::size_t i = 0; i < g.protocols.size(); ++i) {
        smt::CheckOptions shown = check;  // the traces show the header's lock-step warps
        if (shown.warp_size == 0) shown.warp_size = g.checks[i].warp_sync;
        out.shown += show_protocol_stage(g.protocols[i], *o.show, shown);
      }
    return out;
  }

  // The protocol analysis, then one report per kernel. Each race found
  // there is replayed on its kernel's code.
  check.replay = [&g](const protocol::Kernel& k, const smt::WitnessValues& w, ReportedRace& r) {
    auto it = g.code.find({k.loc.file, k.name});
    if (it == g.code.end()) {
      r.replay_reason = "no kernel code to replay (a protocol file)";
      return smt::ReplayOutcome{};
    }
    return replay_race(it->second, w, r);
  };
  // Each protocol's file and name, for the progress line (the protocols
  // themselves move into the check).
  std::vector<std::pair<FileName, std::string>> checked;
  for (const auto& p : g.protocols) checked.emplace_back(p.loc.file, p.name);
  if (o.progress)
    check.progress = [&](std::size_t k, std::size_t done, std::size_t total) {
      const auto& [path, name] = checked[k];
      std::size_t file = std::find(files.begin(), files.end(), path) - files.begin();
      std::string line = counter(file) + path + ": kernel '" + name + "'";
      if (total > 0) line += " (queries " + std::to_string(done) + "/" + std::to_string(total) + ")";
      o.progress(line);
    };
  started = Clock::now();
  out.kernels = check_protocols(std::move(g.protocols), g.checks, check);
  out.timing.analysis = seconds_since(started);
  for (std::size_t i = 0; i < out.kernels.size() && i < g.assumed_one.size(); ++i)
    out.kernels[i].assumed_one = g.assumed_one[i];
  for (std::size_t i = 0; i < out.kernels.size() && i < g.assumptions.size(); ++i)
    out.kernels[i].assumptions = g.assumptions[i];
  for (std::size_t i = 0; i < out.kernels.size() && i < g.host_launches.size(); ++i)
    name_host_launch(out.kernels[i], g.host_launches[i]);
  merge_launch_shapes(out.kernels, g.host_launches);
  attach_notes(out.kernels, g.notes);
  for (const auto& d : g.decided) add_or_merge(out.kernels, d);
  ExploreSettings explore = o.explore;
  explore.launch = o.launch;
  explore.benign_writes_race = o.check.query.benign_writes_race;
  if (o.progress && !g.explore.empty()) o.progress("explorer: " + std::to_string(g.explore.size()) + " kernel(s) with atomics or fences");
  started = Clock::now();
  fall_back_to_explorer(out.kernels, g.explore, explore);
  out.timing.explorer = seconds_since(started);
  if (o.leave_allocated) leave_allocated(std::move(g));
  return out;
}

}  // namespace racecert::pipeline
