// JuliusSuryaS/pytorch_cpp_example is a Visual Studio project: <windows.h> (which dlib brings in
// on Windows) declared GetCurrentDirectory, used by Detector::getCurrentDir. Declaration only,
// force-included.
#pragma once
unsigned long GetCurrentDirectory(unsigned long nBufferLength, char* lpBuffer);
