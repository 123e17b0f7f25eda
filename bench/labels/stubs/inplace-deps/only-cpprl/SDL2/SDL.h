// gpuleak bench stub: wty-yy/cpprl's env headers include SDL but the parsed code uses none of it.
#pragma once
