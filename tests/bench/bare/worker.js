// The baseline: a Worker that answers "ok", run beside ours on the same machine.
export default {
  fetch() {
    return new Response("ok");
  },
};
