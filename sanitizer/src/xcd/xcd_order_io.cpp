//===--- xcd_order_io.cpp - tile orders as text -----------------------------===//
///
/// \file
/// wavesan/xcd.h formatOrder() / parseOrder(): the text form of a recorded
/// tile order that `wavesan xcd --order FILE` reads. docs/wavesan-xcd.md.
///
//===----------------------------------------------------------------------===//
#include "wavesan/xcd.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <sstream>
#include <stdexcept>

namespace wavesan::xcd {

std::string formatOrder(const TileOrder &O) {
  std::string Out = "# wavesan tile order: <workgroup> <tile> (tile = tile row * tiles N + "
                    "tile column)\n";
  for (size_t P = 0; P < O.size(); ++P)
    Out += fmt::format("{} {}\n", P, O[P]);
  return Out;
}

TileOrder parseOrder(const std::string &Text, uint64_t NumTiles, const std::string &Source) {
  std::istringstream In(Text);
  std::string Line;
  // Both tables are sized by NumTiles (bounded by GemmShape::validate's memory cap), never
  // by a number read from the file.
  std::vector<int64_t> Tiles;                         // -1: workgroup not seen yet
  std::vector<int64_t> WorkgroupOf(NumTiles, -1);     // -1: tile not computed yet
  unsigned LineNo = 0;
  auto fail = [&](const std::string &What) {
    throw std::invalid_argument(fmt::format("{}:{}: {}", Source, LineNo, What));
  };
  auto number = [&](std::string_view &Rest, const char *What) {
    while (!Rest.empty() && (Rest.front() == ' ' || Rest.front() == '\t'))
      Rest.remove_prefix(1);
    uint64_t V = 0;
    auto [Ptr, Ec] = std::from_chars(Rest.data(), Rest.data() + Rest.size(), V);
    if (Ec != std::errc() || Ptr == Rest.data())
      fail(fmt::format("expected '<workgroup> <tile>' (two non-negative integers); the {} is "
                       "missing or not a number",
                       What));
    Rest.remove_prefix(static_cast<size_t>(Ptr - Rest.data()));
    return V;
  };
  while (std::getline(In, Line)) {
    ++LineNo;
    std::string_view Rest(Line);
    if (auto Hash = Rest.find('#'); Hash != std::string_view::npos)
      Rest = Rest.substr(0, Hash);
    if (Rest.find_first_not_of(" \t\r") == std::string_view::npos)
      continue;
    const uint64_t Wg = number(Rest, "workgroup");
    const uint64_t Tile = number(Rest, "tile");
    if (Rest.find_first_not_of(" \t\r") != std::string_view::npos)
      fail("expected '<workgroup> <tile>'; extra text after the tile");
    if (Tile >= NumTiles)
      fail(fmt::format("tile {} is out of range; expected < {} (the GEMM's tiles)", Tile,
                       NumTiles));
    if (Wg >= NumTiles)
      fail(fmt::format("workgroup {} is out of range; expected < {} (one workgroup per tile)",
                       Wg, NumTiles));
    if (Wg >= Tiles.size())
      Tiles.resize(Wg + 1, -1);
    if (Tiles[Wg] >= 0)
      fail(fmt::format("workgroup {} is listed twice", Wg));
    if (WorkgroupOf[Tile] >= 0)
      fail(fmt::format("tile {} is computed twice (workgroups {} and {}); expected every tile "
                       "exactly once",
                       Tile, WorkgroupOf[Tile], Wg));
    Tiles[Wg] = static_cast<int64_t>(Tile);
    WorkgroupOf[Tile] = static_cast<int64_t>(Wg);
  }
  if (Tiles.empty())
    throw std::invalid_argument(Source + ": no '<workgroup> <tile>' lines");
  TileOrder O(Tiles.size());
  for (size_t P = 0; P < Tiles.size(); ++P) {
    if (Tiles[P] < 0)
      throw std::invalid_argument(fmt::format(
          "{}: workgroup {} is missing; expected every workgroup 0..{}", Source, P,
          Tiles.size() - 1));
    O[P] = static_cast<uint32_t>(Tiles[P]);
  }
  if (Tiles.size() < NumTiles) {
    const auto Free = std::find(WorkgroupOf.begin(), WorkgroupOf.end(), int64_t(-1));
    throw std::invalid_argument(fmt::format(
        "{}: {} workgroups for {} tiles; expected one workgroup per tile (the first tile no "
        "workgroup computes is {})",
        Source, Tiles.size(), NumTiles, Free - WorkgroupOf.begin()));
  }
  return O;
}

} // namespace wavesan::xcd
