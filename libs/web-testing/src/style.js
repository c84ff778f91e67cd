// A stylesheet imported by a component, in a component test: jsdom lays nothing out.
module.exports = {};
