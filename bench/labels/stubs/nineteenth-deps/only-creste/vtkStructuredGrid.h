#pragma once
#include <vtkSmartPointer.h>
class vtkStructuredGrid {
 public:
  static vtkStructuredGrid* New();
};
