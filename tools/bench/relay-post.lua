-- wrk script for tools/bench/relay: POST Home Assistant's body to PATH (the script's first
-- argument, default /push/send) for the push tokens listed one per line in FILE (the second;
-- tokens the relay issued), in turn, so no token reaches the (raised) daily limit.
counter = 0
path = "/push/send"
tokens = {}
init = function(args)
  if args[1] then path = args[1] end
  if args[2] then
    for line in io.lines(args[2]) do tokens[#tokens + 1] = line end
  end
  if #tokens == 0 then
    for index = 1, 1000 do tokens[index] = "bench-" .. index end
  end
end
request = function()
  counter = counter + 1
  local token = tokens[(counter % #tokens) + 1]
  local body = '{"push_token":"' .. token .. '","registration_info":{"app_id":"io.homecompanion.linux",'
    .. '"app_version":"0.1.0","os_version":"12"},"message":"Benchmark ' .. counter .. '","title":"wrk","data":{"tag":"t"}}'
  return wrk.format("POST", path, {["Content-Type"] = "application/json"}, body)
end
