-- wrk script for tools/soak relay: tools/bench/relay-post.lua's requests (the push tokens in the
-- file given as the second argument, in turn), each connection pausing the third argument's
-- milliseconds between requests so the load holds a rate; counts answers by class and prints
-- them at the end as "answers 2xx=N 4xx=N 5xx=N".
dofile("tools/bench/relay-post.lua")
local post_init = init
local pause = 0
local threads = {}

setup = function(thread)
  table.insert(threads, thread)
end

init = function(args)
  post_init(args)
  pause = tonumber(args[3]) or 0
end

delay = function()
  return pause
end

-- wrk reads a thread's counts with thread:get, which sees globals only.
answers_2xx, answers_4xx, answers_5xx = 0, 0, 0
response = function(status, headers, body)
  if status >= 500 then
    answers_5xx = answers_5xx + 1
  elseif status >= 400 then
    answers_4xx = answers_4xx + 1
  else
    answers_2xx = answers_2xx + 1
  end
end

done = function(summary, latency, requests)
  local totals = { 0, 0, 0 }
  for _, thread in ipairs(threads) do
    totals[1] = totals[1] + (thread:get("answers_2xx") or 0)
    totals[2] = totals[2] + (thread:get("answers_4xx") or 0)
    totals[3] = totals[3] + (thread:get("answers_5xx") or 0)
  end
  io.write(string.format("answers 2xx=%d 4xx=%d 5xx=%d\n", totals[1], totals[2], totals[3]))
end
