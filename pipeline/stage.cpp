#include "pipeline/stage.hpp"

#include <array>
#include <utility>

namespace racecert::pipeline {

namespace {

constexpr std::array<std::pair<Stage, const char*>, 8> kStages = {{
    {Stage::Kernel, "kernel"},
    {Stage::Barriers, "barriers"},
    {Stage::Protocol, "protocol"},
    {Stage::WellFormed, "wellformed"},
    {Stage::Aligned, "aligned"},
    {Stage::Split, "split"},
    {Stage::Traces, "traces"},
    {Stage::Smt, "smt"},
}};

}  // namespace

std::optional<Stage> parse_stage(std::string_view name) {
  for (const auto& [stage, text] : kStages)
    if (name == text) return stage;
  return std::nullopt;
}

const char* stage_name(Stage s) {
  for (const auto& [stage, text] : kStages)
    if (stage == s) return text;
  return "";
}

std::string stage_names() {
  std::string out;
  for (std::size_t i = 0; i < kStages.size(); ++i)
    out += (i == 0 ? "" : i + 1 == kStages.size() ? " or " : ", ") + std::string(kStages[i].second);
  return out;
}

}  // namespace racecert::pipeline
