//===--- wavesan/tile_recorder.h - which workgroup wrote which output tile --===//
///
/// \file
/// wavesan::TileRecorder records, on the CPU emulator, which output tile of a
/// GEMM each workgroup of a launch wrote, so the XCD model (wavesan/xcd.h,
/// `wavesan xcd --order FILE`) can run on a kernel's real tile order without
/// the user describing it. docs/wavesan-xcd.md, "Recording a kernel's order".
///
/// How: the constructor fills the registered output buffer with a sentinel
/// byte and installs the engine's block-completion hook (setBlockObserver,
/// control.h) with one worker (setWorkers(1): blocks then run one after
/// another in id order, so a finished block's writes are complete and no other
/// block is writing). After each block the recorder finds the tiles not yet
/// attributed that now differ from the sentinel in any byte: those are the
/// block's. The destructor removes the hook and calls setWorkers(0) (back to
/// the `workers` option). Limits: a tile the block writes entirely with the
/// sentinel byte pattern is not seen; a tile written again by a later block
/// stays with the first; the scan costs O(unattributed tile bytes) per block.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/xcd.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace wavesan {

class TileRecorder {
public:
  /// Registers \p Buffer: M x N elements of \p ElemBytes bytes, row-major with
  /// a leading dimension of \p Ld elements (0: N), cut into TileM x TileN
  /// tiles (edge tiles partial). Fills it with \p Sentinel bytes (0x7f: the
  /// float/bf16 value 3.39e38, which a GEMM rarely writes). Throws
  /// std::invalid_argument naming the argument when one is 0, \p Ld < N, or
  /// another recorder is alive.
  TileRecorder(void *Buffer, uint64_t M, uint64_t N, uint64_t ElemBytes, uint64_t TileM,
               uint64_t TileN, uint64_t Ld = 0, unsigned char Sentinel = 0x7f);
  ~TileRecorder();
  TileRecorder(const TileRecorder &) = delete;
  TileRecorder &operator=(const TileRecorder &) = delete;

  /// The tiles (row-major tile index) each block wrote, by linear block id; a
  /// block seen by the hook but writing no new tile has an empty list.
  const std::vector<std::vector<uint32_t>> &tilesOfBlock() const { return Tiles; }
  /// The order for the XCD model: element p = the one tile block p wrote.
  /// Throws std::runtime_error naming the first block that wrote no tile or
  /// several, or when no block ran.
  xcd::TileOrder order() const;
  /// order() as text for `wavesan xcd --order FILE` (xcd::formatOrder).
  std::string orderText() const;

  /// The hook's entry (setBlockObserver); public for the C-style callback.
  static void onBlock(void *Self, uint64_t BlockId);

private:
  bool tileWritten(uint64_t Row, uint64_t Col) const;
  unsigned char *Base;
  uint64_t M, N, ElemBytes, TileM, TileN, Ld;
  unsigned char Sentinel;
  std::vector<bool> Attributed;
  std::vector<std::vector<uint32_t>> Tiles;
};

} // namespace wavesan
