//===--- wave_diff.h - element-wise diff of a buffer's two results ---------===//
///
/// \file
/// The comparison behind `wave-size-divergence` (compare_wave_sizes=1 and
/// wavesan::compareWaveSizes): two copies of a buffer, after a run at wave 32
/// and at wave 64, compared element by element as the buffer's element type
/// (floating point with element_type.h's tolerance), and the first differing
/// elements shown as values. Not installed.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/element_type.h"

#include <cstddef>
#include <optional>
#include <string>

namespace wavesan::detail {

/// How two copies of a buffer differ.
struct BufferDiff {
  size_t Elements = 0;  ///< whole elements compared
  size_t Differing = 0; ///< of them, how many differ (beyond the tolerance)
  /// The first differing elements, "[i] wave 32: a, wave 64: b" joined by "; ".
  std::string Shown;
};

/// Compares \p At32 and \p At64 (\p Bytes each) as elements of \p E whose element 0
/// starts at byte \p Origin (a kernel argument pointing into the buffer; element
/// indices are relative to it, negative before it). Bytes outside whole elements are
/// compared as bytes and count as elements. Shows at most \p MaxShown elements.
/// \returns nothing when the copies agree.
std::optional<BufferDiff> diffBuffers(const unsigned char *At32, const unsigned char *At64,
                                      size_t Bytes, ElementInfo E, size_t Origin,
                                      unsigned MaxShown = 4);

/// The element at \p P as text: a number for numeric types (floating point in
/// the shortest form that reads back), hex bytes for ElementType::Bytes.
std::string formatElement(const unsigned char *P, ElementInfo E);

} // namespace wavesan::detail
