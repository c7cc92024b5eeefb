#include "transform/sync_views.hpp"

#include <set>

#include "support/diagnostic.hpp"
#include "support/overloaded.hpp"

namespace racecert::transform {

using namespace protocol;

namespace {

void collect_scopes(const Block& b, std::set<int>& warp_widths, bool& grid) {
  auto visit = Overloaded{
      [](const Access&) {},
      [&](const Sync& y) {
        if (y.scope == SyncScope::Warp) warp_widths.insert(y.width);
        if (y.scope == SyncScope::Grid) grid = true;
      },
      [&](const If& i) {
        collect_scopes(i.then_body, warp_widths, grid);
        collect_scopes(i.else_body, warp_widths, grid);
      },
      [&](const Loop& l) { collect_scopes(l.body, warp_widths, grid); },
      [](const Decl&) {},
      [&](const Bind& bd) { collect_scopes(bd.body, warp_widths, grid); }};
  for (const auto& s : b) std::visit(visit, s.node);
}

// The kernel with the barriers `keep` accepts, well-formed again: loops and
// conditionals that lost their barriers are unsynchronized now, and what
// they bind per-thread. Names are already unique, so nothing is renamed
// again; the user's names carry over.
WellFormed reform(const WellFormed& w, const std::function<bool(const Sync&)>& keep) {
  WellFormed out = make_well_formed(keep_syncs(w.kernel, keep));
  if (!out.divergences.empty())  // fewer barriers cannot diverge where all of them did not
    throw unsupported(out.divergences.front().barrier, "internal error: barrier divergence in a view of the barriers");
  // Names are unique already, so the re-forming renames none (out's map is
  // empty), but were it to, its renaming composes with w's.
  std::map<std::string, std::string> names = w.source_name;
  for (const auto& [name, source] : out.source_name) {
    auto it = w.source_name.find(source);
    names[name] = it != w.source_name.end() ? it->second : source;
  }
  out.source_name = std::move(names);
  return out;
}

std::string group_words(int width) {
  return width == 32 ? "one warp" : "one group of " + std::to_string(width) + " threads";
}

}  // namespace

std::vector<ThreadControlledWarpSync> non_uniform_warp_syncs(const WellFormed& w, const GroupUniform& uniform) {
  std::vector<ThreadControlledWarpSync> out;
  for (const auto& y : w.thread_controlled_warp_syncs)
    if (y.thread_loop || !uniform || !uniform(y.width, y.conditions)) out.push_back(y);
  return out;
}

std::vector<int> modelled_warp_widths(const WellFormed& w, const GroupUniform& uniform) {
  std::set<int> widths;
  bool grid = false;
  collect_scopes(w.kernel.body, widths, grid);
  for (const auto& y : non_uniform_warp_syncs(w, uniform)) widths.erase(y.width);
  std::vector<int> out;
  for (int width : widths)
    if (width >= 2 && (out.empty() || width % out.back() == 0)) out.push_back(width);
  return out;
}

std::vector<SyncView> sync_views(WellFormed w, bool cross_block, const GroupUniform& uniform) {
  std::set<int> all_widths;
  bool grid = false;
  collect_scopes(w.kernel.body, all_widths, grid);
  std::vector<int> widths = modelled_warp_widths(w, uniform);
  std::vector<SyncView> out(1);  // the plain view first, filled last: it may take w itself
  for (std::size_t i = 0; i < widths.size(); ++i) {
    int n = widths[i];
    SyncView v;
    v.kernel = reform(w, [&](const Sync& y) {
      if (y.scope != SyncScope::Warp) return true;
      for (std::size_t j = i; j < widths.size(); ++j)
        if (y.width == widths[j]) return true;
      return false;
    });
    v.same_group = n;
    v.other_group = i > 0 ? widths[i - 1] : 0;
    v.pairs = "threads of " + group_words(n) + (v.other_group ? ", not of " + group_words(v.other_group) : "");
    out.push_back(std::move(v));
  }
  if (cross_block) {
    SyncView cross;
    cross.cross_block = true;
    cross.grid_phases = grid;
    // Re-formed even without grid barriers: a uniform unknown bound in a
    // loop that block barriers synchronize is per-thread here, since
    // threads of different blocks may run different iterations (sharing it
    // missed races: a value read from a table in each iteration).
    cross.kernel = reform(w, [](const Sync& y) { return y.scope == SyncScope::Grid; });
    out.push_back(std::move(cross));
  }
  // Same block, in no common group: the warp barriers order nothing.
  SyncView& plain = out.front();
  if (!widths.empty()) {
    plain.other_group = widths.back();
    plain.pairs = "threads of different " +
                  (widths.back() == 32 ? std::string("warps") : "groups of " + std::to_string(widths.back()) + " threads");
  }
  plain.kernel = all_widths.empty() ? std::move(w) : reform(w, [](const Sync& y) { return y.scope != SyncScope::Warp; });
  return out;
}

}  // namespace racecert::transform
