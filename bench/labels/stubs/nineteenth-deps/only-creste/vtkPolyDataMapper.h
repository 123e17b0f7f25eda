#pragma once
#include <vtkSmartPointer.h>
class vtkPolyDataMapper {
 public:
  static vtkPolyDataMapper* New();
};
