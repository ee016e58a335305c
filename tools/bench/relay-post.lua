-- wrk script for tools/bench/relay: POST Home Assistant's body to PATH (the script's argument,
-- default /push/send), spread over 1,000 push tokens so no token reaches the (raised) daily limit.
counter = 0
path = "/push/send"
init = function(args)
  if args[1] then path = args[1] end
end
request = function()
  counter = counter + 1
  local body = '{"push_token":"bench-' .. (counter % 1000) .. '","registration_info":{"app_id":"io.homecompanion.linux",'
    .. '"app_version":"0.1.0","os_version":"12"},"message":"Benchmark ' .. counter .. '","title":"wrk","data":{"tag":"t"}}'
  return wrk.format("POST", path, {["Content-Type"] = "application/json"}, body)
end
