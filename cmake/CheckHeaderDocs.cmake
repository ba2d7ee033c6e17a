# cmake "-DHEADERS=a.h|b.h" -P CheckHeaderDocs.cmake
#
# Doxygen reports undocumented declarations only in files it documents, so a
# public header without a `@file` block would escape WARN_IF_UNDOCUMENTED.
# The docs target runs this first: every public header must carry `@file`,
# and every `@defgroup NAME Title` must be followed by a description (a
# line of text before its `@{`): Doxygen does not warn about a group
# without one, yet its page in the reference would be empty.
string(REPLACE "|" ";" _headers "${HEADERS}")
set(_missing "")
foreach(_h IN LISTS _headers)
  file(READ "${_h}" _text)
  if(NOT _text MATCHES "[@\\]file")
    list(APPEND _missing "${_h}")
  endif()
endforeach()
if(_missing)
  list(JOIN _missing "\n  " _list)
  message(FATAL_ERROR "public headers without a Doxygen @file block:\n  ${_list}")
endif()

set(_bare "")
foreach(_h IN LISTS _headers)
  file(STRINGS "${_h}" _lines)
  set(_group "")
  foreach(_line IN LISTS _lines)
    if(_line MATCHES "[@\\]defgroup[ \t]+([A-Za-z0-9_]+)")
      set(_group "${CMAKE_MATCH_1}")
    elseif(_group)
      if(_line MATCHES "[@\\]\\{" OR _line MATCHES "\\*/")
        list(APPEND _bare "${_h}: @defgroup ${_group}")
        set(_group "")
      elseif(_line MATCHES "^[ \t]*\\*[ \t]*[^ \t]")
        set(_group "") # a line of description
      endif()
    endif()
  endforeach()
endforeach()
if(_bare)
  list(JOIN _bare "\n  " _list)
  message(FATAL_ERROR "groups without a description (a line after "
                      "@defgroup, before @{):\n  ${_list}")
endif()
