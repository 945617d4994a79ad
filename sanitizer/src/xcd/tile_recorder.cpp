//===--- tile_recorder.cpp - wavesan::TileRecorder --------------------------===//
///
/// \file
/// wavesan/tile_recorder.h: the sentinel fill, the block-completion hook and
/// the per-block tile scan. docs/wavesan-xcd.md.
///
//===----------------------------------------------------------------------===//
#include "wavesan/tile_recorder.h"

#include <hip/hip_runtime.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <stdexcept>

namespace wavesan {

namespace {
std::atomic<bool> RecorderAlive{false};

void requirePositive(uint64_t V, const char *Name) {
  if (V == 0)
    throw std::invalid_argument(std::string("TileRecorder: ") + Name +
                                " is 0; expected a positive number");
}
} // namespace

TileRecorder::TileRecorder(void *Buffer, uint64_t M, uint64_t N, uint64_t ElemBytes,
                           uint64_t TileM, uint64_t TileN, uint64_t Ld, unsigned char Sentinel)
    : Base(static_cast<unsigned char *>(Buffer)), M(M), N(N), ElemBytes(ElemBytes),
      TileM(TileM), TileN(TileN), Ld(Ld ? Ld : N), Sentinel(Sentinel) {
  if (!Buffer)
    throw std::invalid_argument("TileRecorder: the buffer is null");
  requirePositive(M, "M");
  requirePositive(N, "N");
  requirePositive(ElemBytes, "element bytes");
  requirePositive(TileM, "tile M");
  requirePositive(TileN, "tile N");
  if (this->Ld < N)
    throw std::invalid_argument("TileRecorder: leading dimension " + std::to_string(Ld) +
                                " < N = " + std::to_string(N));
  const uint64_t TM = (M + TileM - 1) / TileM, TN = (N + TileN - 1) / TileN;
  if (TM > 0xffffffffull / TN)
    throw std::invalid_argument("TileRecorder: more than 2^32 - 1 tiles");
  if (RecorderAlive.exchange(true))
    throw std::invalid_argument("TileRecorder: another recorder is alive (one at a time)");
  Attributed.assign(TM * TN, false);
  for (uint64_t R = 0; R < M; ++R)
    std::memset(Base + R * this->Ld * ElemBytes, Sentinel, N * ElemBytes);
  setWorkers(1);
  setBlockObserver(&TileRecorder::onBlock, this);
}

TileRecorder::~TileRecorder() {
  setBlockObserver(nullptr, nullptr);
  setWorkers(0);
  RecorderAlive = false;
}

bool TileRecorder::tileWritten(uint64_t Row, uint64_t Col) const {
  const uint64_t R1 = std::min(M, (Row + 1) * TileM), C0 = Col * TileN;
  const uint64_t Bytes = (std::min(N, C0 + TileN) - C0) * ElemBytes;
  for (uint64_t R = Row * TileM; R < R1; ++R) {
    const unsigned char *P = Base + (R * Ld + C0) * ElemBytes;
    for (uint64_t I = 0; I < Bytes; ++I)
      if (P[I] != Sentinel)
        return true;
  }
  return false;
}

void TileRecorder::onBlock(void *SelfPtr, uint64_t BlockId) {
  auto *Self = static_cast<TileRecorder *>(SelfPtr);
  if (Self->Tiles.size() <= BlockId)
    Self->Tiles.resize(BlockId + 1);
  const uint64_t TN = (Self->N + Self->TileN - 1) / Self->TileN;
  for (uint64_t T = 0; T < Self->Attributed.size(); ++T)
    if (!Self->Attributed[T] && Self->tileWritten(T / TN, T % TN)) {
      Self->Attributed[T] = true;
      Self->Tiles[BlockId].push_back(static_cast<uint32_t>(T));
    }
}

xcd::TileOrder TileRecorder::order() const {
  if (Tiles.empty())
    throw std::runtime_error("TileRecorder: no block ran while the recorder was alive");
  xcd::TileOrder O(Tiles.size());
  for (size_t B = 0; B < Tiles.size(); ++B) {
    if (Tiles[B].size() != 1)
      throw std::runtime_error("TileRecorder: block " + std::to_string(B) + " wrote " +
                               std::to_string(Tiles[B].size()) +
                               " output tiles; the XCD model needs exactly one per workgroup "
                               "(tilesOfBlock() has the raw record)");
    O[B] = Tiles[B][0];
  }
  return O;
}

std::string TileRecorder::orderText() const { return xcd::formatOrder(order()); }

} // namespace wavesan
