#pragma once
typedef void* HANDLE;
typedef void* HMODULE;
typedef unsigned long DWORD;
typedef int BOOL;
HMODULE LoadLibrary(const wchar_t* name);
HMODULE LoadLibraryA(const char* name);
BOOL FreeLibrary(HMODULE h);
void Sleep(DWORD ms);
