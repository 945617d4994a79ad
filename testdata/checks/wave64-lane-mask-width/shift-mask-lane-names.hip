// Aspect: lane names matched as whole words of the identifier (split at '_' and
// camelCase): 'srcLane', 'peer_lane', 'laneID' and 'mylane' are lanes.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>

__device__ unsigned long long lane_bits(int srcLane, int peer_lane, int laneID, int mylane) {
  unsigned long long m = 1u << srcLane;
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: lane mask built in 32 bits ('1u << srcLane') [wave64-lane-mask-width]
  m |= 1u << peer_lane;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: lane mask built in 32 bits ('1u << peer_lane') [wave64-lane-mask-width]
  m |= 1u << laneID;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: lane mask built in 32 bits ('1u << laneID') [wave64-lane-mask-width]
  m |= 1u << mylane;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: lane mask built in 32 bits ('1u << mylane') [wave64-lane-mask-width]
  return m & __ballot(true);
}
