#pragma once
namespace std_srvs { struct Empty { struct Request {} request; struct Response {} response; }; }
