# Helpers shared by the targets of the libcity tree.
include_guard(GLOBAL)

# city_target_warnings(<target>)
#
# The project's warning set for C (and C++) sources of <target>; warnings are
# errors unless CITY_WERROR is OFF. Used by the library, its tools, tests and
# examples so that gcc and clang both build the tree clean.
set(CITY_WARNING_FLAGS -Wall -Wextra -Wpedantic -Wshadow -Wconversion)

function(city_target_warnings target)
  target_compile_options(${target} PRIVATE ${CITY_WARNING_FLAGS})
  if(CITY_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# city_target_private_headers(<target>)
#
# Lets <target> include the private module headers of lib/ as
# `#include "board.h"`. lib/ is added with -iquote, not -I, so that it is
# searched for quoted includes only: lib/features.h must not shadow the C
# library's <features.h> (nor any other private header a system one).
function(city_target_private_headers target)
  target_compile_options(${target} PRIVATE
    "SHELL:-iquote \"${PROJECT_SOURCE_DIR}/lib\"")
endfunction()
