# --- wavesan-xcd, the XCD dispatch / per-XCD L2 model -----------
# wavesan/xcd.h: tile orders, the LRU L2 simulation, text tables, the SVG picture, and the
# emulator's tile recorder (wavesan/tile_recorder.h). The remap comes from the checker's
# header (checker/include/wavecheck/xcd_remap.h), included privately by the sources.
if(TARGET wavesan-emu)
  add_library(wavesan-xcd STATIC
    ${CMAKE_CURRENT_SOURCE_DIR}/src/xcd/xcd_model.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/src/xcd/xcd_report.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/src/xcd/xcd_svg.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/src/xcd/xcd_svg_example.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/src/xcd/xcd_svg_parts.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/src/xcd/xcd_order_io.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/src/xcd/tile_recorder.cpp)
  target_compile_features(wavesan-xcd PUBLIC cxx_std_20)
  target_include_directories(wavesan-xcd
    PUBLIC $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    PRIVATE $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/checker/include>)
  target_link_libraries(wavesan-xcd PUBLIC wavesan-emu PRIVATE fmt::fmt)
  set_target_properties(wavesan-xcd PROPERTIES POSITION_INDEPENDENT_CODE ON)
  # bench/xcd builds and runs this (not built by default).
  add_executable(xcd_bench EXCLUDE_FROM_ALL ${PROJECT_SOURCE_DIR}/bench/xcd_bench.cpp)
  target_link_libraries(xcd_bench PRIVATE wavesan-xcd)
endif()
# --- end
