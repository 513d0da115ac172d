import type { Passage } from "../passages";
import type { VoiceContext } from "../voice";
import type { BriefKind } from "./brief";

/**
 * Briefs as people type them, for the offline writer's tests and the bench's samples: six
 * workspaces (a roaster, a bike shop, an accounting app, a bakery, a yoga studio, a bookshop),
 * each with its brand kit and, per brief, the passages the knowledge search would retrieve.
 */

export interface CorpusBrief {
  brief: string;
  kind: BriefKind;
  audience: string;
  workspace: keyof typeof WORKSPACES;
  /** Names and months that must keep their capitals wherever they appear. */
  capitals: string[];
  passages: Passage[];
}

export const WORKSPACES = {
  fernhill: {
    brandName: "Fernhill Coffee",
    notes: {
      product_or_service_description: "Fernhill Coffee roasts small batches in Leeds and delivers them within two days of roasting. Subscriptions start at £9 a month.",
      company_info: "Fernhill started in a garage in Headingley in 2016 and now roasts for 40 cafés across Yorkshire.",
      keywords: "specialty coffee, cold brew",
      audience: "Busy office workers who want better coffee",
      avoid_list: "cheap, synergy",
    },
    style: { tone: "Warm and friendly", readingLevel: "standard", preferWords: [], avoidWords: [], formatting: "" },
  },
  spoke: {
    brandName: "Spoke & Chain",
    notes: {
      product_or_service_description: "Spoke & Chain sells and services commuter bikes in Bristol. Every bike comes with a free six-week check.",
      company_info: "Two mechanics opened the shop on Gloucester Road in 2012.",
      keywords: "bike commuting, e-bikes",
      audience: "Commuters who ride to work",
      avoid_list: "revolutionary",
    },
    style: { tone: "Plain and direct", readingLevel: "simple", preferWords: [], avoidWords: ["game-changer"], formatting: "" },
  },
  ledgerly: {
    brandName: "Ledgerly",
    notes: {
      product_or_service_description: "Ledgerly does the bookkeeping for small businesses: it reads bank feeds, sorts receipts and files VAT returns with HMRC.",
      company_info: "Ledgerly is a team of 30 accountants and engineers in Manchester.",
      keywords: "bookkeeping, VAT returns, Making Tax Digital",
      audience: "Owners of small limited companies",
      avoid_list: "leverage, synergy",
    },
    style: { tone: "Professional and precise", readingLevel: "expert", preferWords: ["customers instead of users"], avoidWords: [], formatting: "" },
  },
  crumb: {
    brandName: "Crumb & Co",
    notes: {
      product_or_service_description: "Crumb & Co bakes sourdough and pastries every morning in Shoreditch. Orders placed by 8pm are ready the next day.",
      company_info: "Crumb & Co began as a market stall on Columbia Road.",
      keywords: "sourdough, pastries",
      audience: "Neighbours in east London",
      avoid_list: "artisanal",
    },
    style: { tone: "Playful and warm", readingLevel: "standard", preferWords: ["loaf"], avoidWords: [], formatting: "" },
  },
  stillwater: {
    brandName: "Stillwater Yoga",
    notes: {
      product_or_service_description: "Stillwater Yoga runs small classes in Brighton, with no more than twelve people on the mat.",
      company_info: "Stillwater opened in 2019 in a former boathouse by the seafront.",
      keywords: "yoga for beginners, breathwork",
      audience: "Beginners with stiff backs",
      avoid_list: "detox",
    },
    style: { tone: "Calm and gentle", readingLevel: "simple", preferWords: [], avoidWords: [], formatting: "" },
  },
  lantern: {
    brandName: "Paper Lantern Books",
    notes: {
      product_or_service_description: "Paper Lantern Books is an independent bookshop in York with a reading room and a café.",
      company_info: "The shop has been on Fossgate since 1998.",
      keywords: "independent bookshop, book club",
      audience: "Readers in York",
      avoid_list: "must-read",
    },
    style: { tone: "Thoughtful", readingLevel: "standard", preferWords: [], avoidWords: [], formatting: "" },
  },
} satisfies Record<string, VoiceContext>;

const p = (sourceId: number, sourceTitle: string, text: string): Passage => ({ sourceId, sourceTitle, text });

export const CORPUS_FIRST: CorpusBrief[] = [
  // Announcements
  {
    brief: "Our new oat-milk cold brew launches in April",
    kind: "announcement",
    audience: "busy office workers",
    workspace: "fernhill",
    capitals: ["April"],
    passages: [
      p(1, "Cold brew launch notes", "The oat-milk cold brew is steeped for 18 hours and blended with Oatly Barista. The cold brew has half the acidity of our hot filter coffee. The first 2,000 cans of cold brew ship to stockists on 3 April. A can of the oat-milk cold brew costs £3.20 in our cafés."),
      p(2, "Customer survey 2025", "In our 2025 survey, 62% of office customers asked for a dairy-free cold coffee they could grab on the way in. Oat milk was the most requested milk by a wide margin."),
    ],
  },
  {
    brief: "Our Headingley café reopens after the refurbishment in May",
    kind: "announcement",
    audience: "students and neighbours",
    workspace: "fernhill",
    capitals: ["Headingley", "May"],
    passages: [
      p(3, "Refurbishment plan", "The Headingley café refurbishment adds 20 seats and a quiet room upstairs. The café now has step-free access from Otley Road. The refurbished bar has a second espresso machine, so queues move faster."),
    ],
  },
  {
    brief: "The new Spoke & Chain cargo bike range arrives in March",
    kind: "announcement",
    audience: "parents who do the school run",
    workspace: "spoke",
    capitals: ["March", "Spoke & Chain"],
    passages: [
      p(4, "Cargo bike range", "The cargo bike range includes a long-tail model that carries two children. Each cargo bike has a rain cover and a kickstand that holds the bike level. Test rides of the cargo bikes run every Saturday in the Bristol shop."),
    ],
  },
  {
    brief: "Ledgerly now files Making Tax Digital returns for landlords",
    kind: "announcement",
    audience: "landlords with two or more properties",
    workspace: "ledgerly",
    capitals: ["Ledgerly", "Making Tax Digital"],
    passages: [
      p(5, "MTD for landlords", "From April 2026, landlords earning over £50,000 must keep digital records and send quarterly updates to HMRC. Ledgerly reads rent payments from the bank feed and sorts them by property. The quarterly update is prepared automatically and sent after the landlord approves it."),
    ],
  },
  {
    brief: "Our rye and caraway loaf is back on the counter from Monday",
    kind: "announcement",
    audience: "neighbours in Shoreditch",
    workspace: "crumb",
    capitals: ["Monday", "Shoreditch"],
    passages: [
      p(6, "Bakery notes: rye", "The rye and caraway loaf is proved for 36 hours before baking. Only 40 rye loaves come out of the oven each morning. Regulars asked for the rye loaf more than any other bread last winter."),
    ],
  },
  // Events
  {
    brief: "Join us for a latte art workshop on Saturday 14 March in Leeds",
    kind: "event",
    audience: "home baristas",
    workspace: "fernhill",
    capitals: ["Saturday", "March", "Leeds"],
    passages: [
      p(7, "Workshop plan", "The latte art workshop lasts two hours and covers milk texture, hearts and tulips. Every workshop guest practises on a commercial espresso machine. Places at the workshop are capped at eight so the trainer can watch every pour."),
    ],
  },
  {
    brief: "Free bike maintenance class at the Gloucester Road shop next Thursday",
    kind: "event",
    audience: "new commuters",
    workspace: "spoke",
    capitals: ["Gloucester Road", "Thursday"],
    passages: [
      p(8, "Maintenance class outline", "The maintenance class teaches how to fix a puncture, adjust brakes and oil a chain. Each class has one mechanic for every four riders. Riders bring their own bike and leave the class with a printed checklist."),
    ],
  },
  {
    brief: "Sunrise yoga on Brighton beach every Sunday in June",
    kind: "event",
    audience: "beginners",
    workspace: "stillwater",
    capitals: ["Brighton", "Sunday", "June"],
    passages: [
      p(9, "Beach sessions", "The sunrise yoga sessions start at 6.30am by the West Pier. Mats and blankets are provided on the beach. Sunrise sessions move into the boathouse studio if it rains."),
    ],
  },
  {
    brief: "An evening with novelist Sarah Winman at the shop on 9 October",
    kind: "event",
    audience: "book club members",
    workspace: "lantern",
    capitals: ["Sarah Winman", "October"],
    passages: [
      p(10, "Author events 2026", "Sarah Winman will read from her new novel and answer questions from the audience. Tickets for the evening include a glass of wine and a discount on the novel. Signed copies of the novel can be reserved before the event."),
    ],
  },
  {
    brief: "Webinar: getting ready for the VAT deadline on 7 August",
    kind: "event",
    audience: "company directors",
    workspace: "ledgerly",
    capitals: ["VAT", "August"],
    passages: [
      p(11, "VAT webinar plan", "The VAT webinar covers the records HMRC expects and the penalties for late filing. A Ledgerly accountant answers questions live for the last 15 minutes. Everyone who registers for the webinar receives the recording and a VAT checklist."),
    ],
  },
  // How-tos
  {
    brief: "How to descale your espresso machine at home",
    kind: "how-to",
    audience: "home baristas",
    workspace: "fernhill",
    capitals: [],
    passages: [
      p(12, "Machine care guide", "Descale a home espresso machine every two months if your water is hard. Use a citric acid descaler rather than vinegar, which leaves a taste behind. Run two full tanks of clean water through the machine after descaling."),
    ],
  },
  {
    brief: "How to choose the right saddle for a daily commute",
    kind: "how-to",
    audience: "commuters with sore backs",
    workspace: "spoke",
    capitals: [],
    passages: [
      p(13, "Saddle fitting", "Saddle width should match the distance between your sit bones. We measure sit bones in the shop with a simple gel pad. A saddle that is too soft often causes more pain on a long commute than a firm one."),
    ],
  },
  {
    brief: "How to keep receipts in order before the end of the tax year",
    kind: "how-to",
    audience: "sole traders",
    workspace: "ledgerly",
    capitals: [],
    passages: [
      p(14, "Receipt guide", "HMRC accepts photos of receipts as long as the date, supplier and amount are readable. Ledgerly matches each receipt photo to the bank transaction it belongs to. Receipts for the tax year should be kept for at least five years."),
    ],
  },
  {
    brief: "How to keep a sourdough starter alive while you are on holiday",
    kind: "how-to",
    audience: "home bakers",
    workspace: "crumb",
    capitals: [],
    passages: [
      p(15, "Starter care", "A sourdough starter can rest in the fridge for two weeks between feeds. Feed the starter a stiff mix of flour and water before it goes in the fridge. After a holiday, the starter needs two feeds at room temperature before it can raise a loaf."),
    ],
  },
  {
    brief: "How to breathe through a stiff lower back after a day at a desk",
    kind: "how-to",
    audience: "office workers with stiff backs",
    workspace: "stillwater",
    capitals: [],
    passages: [
      p(16, "Breathwork notes", "Slow breathing into the lower ribs lets the muscles of a stiff back relax. Five minutes of breathwork on the floor with bent knees is enough to start. Breathe in for four counts and out for six."),
    ],
  },
  // Offers
  {
    brief: "20% off all filter coffee until Sunday",
    kind: "offer",
    audience: "subscribers",
    workspace: "fernhill",
    capitals: ["Sunday"],
    passages: [
      p(17, "Filter range", "The filter coffee range has six single-origin coffees, each roasted light for pour-over. Filter coffee bags are 250g and stay fresh for a month once opened. The Huila filter coffee is this season's most popular bag."),
    ],
  },
  {
    brief: "Free puncture-proof tyres with every e-bike bought this week",
    kind: "offer",
    audience: "e-bike buyers",
    workspace: "spoke",
    capitals: [],
    passages: [
      p(18, "E-bike tyres", "Puncture-proof tyres add a protective belt under the tread of the e-bike tyre. A puncture on a heavy e-bike takes twice as long to fix at the roadside. Fitted tyres are checked again at the free six-week service."),
    ],
  },
  {
    brief: "Three months of Ledgerly for the price of one for new customers",
    kind: "offer",
    audience: "new limited companies",
    workspace: "ledgerly",
    capitals: ["Ledgerly"],
    passages: [
      p(19, "Pricing notes", "Ledgerly plans start at £24 a month and include VAT returns. New customers can import a year of bank transactions in their first week. Most new customers finish their first bookkeeping month in under an hour."),
    ],
  },
  {
    brief: "Buy two loaves and get a third free on Friday",
    kind: "offer",
    audience: "regulars",
    workspace: "crumb",
    capitals: ["Friday"],
    passages: [
      p(20, "Friday bake", "Friday is the biggest bake of the week, with six kinds of loaves on the counter. A sourdough loaf freezes well for a month if it is sliced first. Friday loaves often sell out by noon."),
    ],
  },
  // Opinions
  {
    brief: "Why we stopped selling single-use cups",
    kind: "opinion",
    audience: "regular customers",
    workspace: "fernhill",
    capitals: [],
    passages: [
      p(21, "Cup policy", "Our cafés threw away around 30,000 single-use cups a year before the change. Customers now borrow a steel cup for a £2 deposit and return it to any of our cafés. Nine in ten borrowed cups come back within a week."),
    ],
  },
  {
    brief: "Why painted bike lanes are not enough for Bristol",
    kind: "opinion",
    audience: "local cyclists",
    workspace: "spoke",
    capitals: ["Bristol"],
    passages: [
      p(22, "Cycling safety notes", "Painted bike lanes in Bristol are often blocked by parked vans. Protected lanes with kerbs doubled the number of cyclists on Baldwin Street. Most customers who stopped cycling to work told us the traffic felt unsafe."),
    ],
  },
  {
    brief: "Why spreadsheets are the riskiest place for your company accounts",
    kind: "opinion",
    audience: "finance leads",
    workspace: "ledgerly",
    capitals: [],
    passages: [
      p(23, "Audit findings", "Nearly nine in ten large spreadsheets contain at least one formula error. Spreadsheets keep no record of who changed a figure or when. A missed VAT figure in a spreadsheet can mean a penalty from HMRC."),
    ],
  },
  {
    brief: "Why supermarket sourdough is not really sourdough",
    kind: "opinion",
    audience: "bread lovers",
    workspace: "crumb",
    capitals: [],
    passages: [
      p(24, "Bread labels", "Real sourdough is raised only by a starter of wild yeast and bacteria. Many supermarket loaves labelled sourdough contain added baker's yeast and vinegar. A long ferment makes sourdough easier to digest for many people."),
    ],
  },
  // Hiring
  {
    brief: "We are hiring a head roaster in Leeds",
    kind: "hiring",
    audience: "experienced roasters",
    workspace: "fernhill",
    capitals: ["Leeds"],
    passages: [
      p(25, "Head roaster role", "The head roaster runs our 15kg Giesen roaster four days a week. The roaster role includes green coffee buying trips to Colombia and Ethiopia. The role pays £38,000 with a coffee allowance and 30 days of holiday."),
    ],
  },
  {
    brief: "We're hiring a weekend bike mechanic for the Bristol workshop",
    kind: "hiring",
    audience: "qualified mechanics",
    workspace: "spoke",
    capitals: ["Bristol"],
    passages: [
      p(26, "Mechanic role", "The weekend mechanic works Saturdays and Sundays in the Bristol workshop. The mechanic role suits someone with a Cytech Level 2 qualification. Weekend shifts are paid at £15 an hour with free servicing for your own bike."),
    ],
  },
  {
    brief: "Ledgerly is recruiting a senior tax accountant in Manchester",
    kind: "hiring",
    audience: "chartered accountants",
    workspace: "ledgerly",
    capitals: ["Ledgerly", "Manchester"],
    passages: [
      p(27, "Tax accountant role", "The senior tax accountant reviews corporation tax returns for around 200 clients. The accountant role is hybrid, with two days a week in the Manchester office. The salary for the tax role is £58,000 plus a study budget."),
    ],
  },
  {
    brief: "We are hiring early-morning bakers for our Shoreditch bakery",
    kind: "hiring",
    audience: "bakers",
    workspace: "crumb",
    capitals: ["Shoreditch"],
    passages: [
      p(28, "Baker role", "Bakers start at 4am and finish by noon, five days a week. The bakery trains new bakers in laminating dough for croissants. Early shifts come with free bread and a paid breakfast."),
    ],
  },
  // Seasonal sales
  {
    brief: "Black Friday sale: half price grinders until Monday",
    kind: "seasonal-sale",
    audience: "home brewers",
    workspace: "fernhill",
    capitals: ["Black Friday", "Monday"],
    passages: [
      p(29, "Grinder range", "Our grinder range includes the Baratza Encore, a burr grinder for filter coffee. A burr grinder gives an even grind, which makes coffee taste sweeter. Grinders come with a two-year warranty from the shop."),
    ],
  },
  {
    brief: "Summer sale: 30% off all road bikes until 31 August",
    kind: "seasonal-sale",
    audience: "weekend riders",
    workspace: "spoke",
    capitals: ["August"],
    passages: [
      p(30, "Road bike stock", "The road bike range runs from aluminium training bikes to carbon race frames. Every road bike sold includes a professional bike fit. Last year's road bike models are the ones on sale this summer."),
    ],
  },
  {
    brief: "Christmas sale: a quarter off every gift card in December",
    kind: "seasonal-sale",
    audience: "last-minute shoppers",
    workspace: "lantern",
    capitals: ["Christmas", "December"],
    passages: [
      p(31, "Gift cards", "Paper Lantern gift cards can be spent on books, the café and author events. Gift cards never expire and can be topped up in the shop. Most gift cards bought in December are spent in January."),
    ],
  },
  {
    brief: "January sale on yoga class passes for the new year",
    kind: "seasonal-sale",
    audience: "beginners",
    workspace: "stillwater",
    capitals: ["January"],
    passages: [
      p(32, "Class passes", "A ten-class pass at Stillwater lasts three months. Class passes work for every class, including breathwork and gentle yoga. Beginners who buy a class pass tend to come twice a week."),
    ],
  },
  // Stories
  {
    brief: "The story of our first farm visit to Huila in Colombia",
    kind: "story",
    audience: "subscribers",
    workspace: "fernhill",
    capitals: ["Huila", "Colombia"],
    passages: [
      p(33, "Huila trip notes", "The farm in Huila sits at 1,800 metres, where the coffee cherries ripen slowly. We met the Rojas family, who have grown coffee in Huila for three generations. The farm now sells its whole harvest to us at a price agreed before picking."),
    ],
  },
  {
    brief: "Behind the scenes at our bakery before dawn",
    kind: "story",
    audience: "neighbours",
    workspace: "crumb",
    capitals: [],
    passages: [
      p(34, "Morning bake", "The first ovens at the bakery are lit at 3am. By dawn the bakery has shaped 300 loaves and 500 pastries. The bakery team listens to the shipping forecast while the loaves prove."),
    ],
  },
  {
    brief: "Meet Priya, who has taught at Stillwater since the day it opened",
    kind: "story",
    audience: "students",
    workspace: "stillwater",
    capitals: ["Priya", "Stillwater"],
    passages: [
      p(35, "Teacher profiles", "Priya trained in Mysore and has taught yoga for fifteen years. Priya teaches the Tuesday evening class for stiff backs at Stillwater. Students say Priya's class feels like an hour of slow breathing."),
    ],
  },
  {
    brief: "How a flooded cellar nearly closed the bookshop in 2007",
    kind: "story",
    audience: "loyal readers",
    workspace: "lantern",
    capitals: [],
    passages: [
      p(36, "Shop history", "In 2007 the River Foss flooded the bookshop cellar and ruined 4,000 books. Customers formed a chain to carry the dry books upstairs. The bookshop reopened a month after the flood with money raised by readers."),
    ],
  },
];

/** Briefs whose topic is a clause, an imperative, a question, a list title, a number with a plural head or a stance against (issue 27). */
export const TYPED_BRIEFS: CorpusBrief[] = [
  {
    brief: "Our roastery in Leeds adds a tasting bar in June",
    kind: "event",
    audience: "students and neighbours",
    workspace: "fernhill",
    capitals: ["Leeds", "June"],
    passages: [p(101, "Tasting bar plans", "The tasting bar seats twelve people at a long oak counter. Every flight at the tasting bar pours three single-origin coffees side by side. The tasting bar opens at 8am on weekdays.")],
  },
  {
    brief: "Spoke & Chain now services e-bikes at the Gloucester Road shop",
    kind: "announcement",
    audience: "commuters on e-bikes",
    workspace: "spoke",
    capitals: ["Spoke & Chain", "Gloucester Road"],
    passages: [p(102, "E-bike servicing", "An e-bike service covers the motor, the battery contacts and the brakes. Two of our mechanics are certified by Bosch and Shimano for e-bike motors. Most e-bike services are finished within a day.")],
  },
  {
    brief: "Ledgerly now reads receipts from email attachments",
    kind: "announcement",
    audience: "owners of small companies",
    workspace: "ledgerly",
    capitals: ["Ledgerly"],
    passages: [p(103, "Receipt capture", "Customers forward a receipt to their Ledgerly address and it is matched to the bank transaction. Receipt capture reads the supplier, the date and the VAT from the attachment. Most receipts are matched within a minute of arriving.")],
  },
  {
    brief: "Our bakery wins a national award for its rye loaf",
    kind: "announcement",
    audience: "neighbours",
    workspace: "crumb",
    capitals: [],
    passages: [p(104, "Award notes", "The rye loaf took gold in the bread category of the national baking awards. The judges tasted 240 loaves from bakeries across the country. The rye loaf is made with a starter that is eleven years old.")],
  },
  {
    brief: "The reading room at the shop gets new armchairs and longer hours",
    kind: "announcement",
    audience: "readers in York",
    workspace: "lantern",
    capitals: [],
    passages: [p(105, "Reading room", "The reading room now stays open until 9pm on Thursdays. Eight new armchairs replace the old wooden chairs in the reading room. The reading room is free to use for anyone with a book.")],
  },
  {
    brief: "Book a table for our supper club on Friday 5 September",
    kind: "event",
    audience: "food lovers",
    workspace: "crumb",
    capitals: ["Friday", "September"],
    passages: [p(106, "Supper club", "The supper club serves five courses built around bread from our own ovens. The supper club table seats twenty people. Tickets for the supper club include a glass of wine.")],
  },
  {
    brief: "Sign up for our breathwork course for beginners in October",
    kind: "event",
    audience: "beginners",
    workspace: "stillwater",
    capitals: ["October"],
    passages: [p(107, "Breathwork course", "The breathwork course runs for six weeks, one evening a week. Each breathwork session lasts an hour and ends with a rest. No experience is needed for the breathwork course.")],
  },
  {
    brief: "Bring the kids to our free bike safety workshop on Saturday",
    kind: "event",
    audience: "families",
    workspace: "spoke",
    capitals: ["Saturday"],
    passages: [p(108, "Safety checks", "A safety check looks at brakes, tyres, chain and lights. The safety check takes about twenty minutes per bike. Last spring we checked 180 bikes in one day.")],
  },
  {
    brief: "Reserve a signed copy of the new Kate Atkinson novel",
    kind: "announcement",
    audience: "crime fiction fans",
    workspace: "lantern",
    capitals: ["Kate Atkinson"],
    passages: [p(109, "Signed copies", "The shop has 150 signed copies of the new Kate Atkinson novel. Signed copies are held for two weeks after they arrive. Reserved copies can be collected from the counter or posted.")],
  },
  {
    brief: "Claim a free bookkeeping review before April",
    kind: "offer",
    audience: "owners of small companies",
    workspace: "ledgerly",
    capitals: ["April"],
    passages: [p(110, "Bookkeeping review", "A bookkeeping review checks a year of transactions for missing receipts and wrong VAT codes. The review is done by one of our accountants and takes about a week. Most reviews find at least one expense that was never claimed.")],
  },
  {
    brief: "Is cold brew worth the wait?",
    kind: "opinion",
    audience: "coffee lovers",
    workspace: "fernhill",
    capitals: [],
    passages: [p(111, "Cold brew method", "Cold brew steeps for 18 hours in cold water. Cold brew tastes smoother because less acid is drawn from the beans. A batch of cold brew keeps for a week in the fridge.")],
  },
  {
    brief: "Should landlords still keep paper records?",
    kind: "opinion",
    audience: "landlords",
    workspace: "ledgerly",
    capitals: [],
    passages: [p(112, "Records for landlords", "HMRC asks landlords to keep records for five years after the filing deadline. Paper records fade, get lost and cannot be searched. Digital records can be backed up and shared with an accountant in seconds.")],
  },
  {
    brief: "Is a standing desk worth the money?",
    kind: "opinion",
    audience: "office workers",
    workspace: "stillwater",
    capitals: [],
    passages: [p(113, "Neck and shoulders", "Gentle neck rolls ease tension that builds up at a desk. A stiff neck often comes from the shoulders, so the class works on both. Students say the neck class helps them sleep better.")],
  },
  {
    brief: "Five mistakes first-time landlords make with tax",
    kind: "how-to",
    audience: "first-time landlords",
    workspace: "ledgerly",
    capitals: [],
    passages: [p(114, "Landlord tax", "Many first-time landlords forget to claim letting agent fees. Mortgage interest is no longer deducted in full from rental income. Landlords who miss the filing deadline pay a penalty of £100.")],
  },
  {
    brief: "Eight books our staff could not put down this summer",
    kind: "how-to",
    audience: "readers in York",
    workspace: "lantern",
    capitals: [],
    passages: [p(115, "Staff picks", "Every member of staff chose one book they read in a single sitting. The staff picks table sits by the window of the shop. Half of this summer’s picks are debut novels.")],
  },
  {
    brief: "Six reasons your bike needs a service before winter",
    kind: "how-to",
    audience: "commuters",
    workspace: "spoke",
    capitals: [],
    passages: [p(116, "Chain care", "A winter bike service replaces worn brake pads and cables. Salt on winter roads eats into a chain that is never cleaned. A bike serviced in autumn is less likely to break down on a dark evening.")],
  },
  {
    brief: "Ten things a sourdough starter needs from you",
    kind: "how-to",
    audience: "home bakers",
    workspace: "crumb",
    capitals: [],
    passages: [p(117, "Starter care", "A sourdough starter likes to be fed at the same time every day. A starter kept in the fridge needs feeding once a week. Rye flour wakes a sleepy starter faster than white flour.")],
  },
  {
    brief: "We are hiring four baristas for the new Headingley café",
    kind: "hiring",
    audience: "students",
    workspace: "fernhill",
    capitals: ["Headingley"],
    passages: [p(118, "Barista jobs", "Baristas at Fernhill are trained by our head roaster for two weeks. The Headingley café opens at 7am every day. Baristas get a free bag of coffee every week.")],
  },
  {
    brief: "We planted 300 hedgerow trees around the bakery car park",
    kind: "how-to",
    audience: "neighbours",
    workspace: "crumb",
    capitals: [],
    passages: [p(119, "Hedgerow", "The hedgerow along the car park is made of hawthorn, hazel and blackthorn. Volunteers from the street planted the trees in one weekend. The hedgerow will shelter birds within three years.")],
  },
  {
    brief: "We are hiring two yoga teachers in Brighton",
    kind: "hiring",
    audience: "students",
    workspace: "stillwater",
    capitals: ["Brighton"],
    passages: [p(120, "New teachers", "Yoga teachers at Stillwater teach no more than twelve people on the mat. Our yoga teachers plan each class around stiff backs and tired shoulders. Two yoga teachers will take the new evening classes in Brighton.")],
  },
  {
    brief: "Why we no longer sell plastic-wrapped sandwiches",
    kind: "opinion",
    audience: "regulars",
    workspace: "crumb",
    capitals: [],
    passages: [p(121, "Packaging", "The bakery used to wrap 400 sandwiches a day in plastic. Sandwiches now come in paper bags that go in the food waste bin. Customers who bring a box get ten pence off.")],
  },
  {
    brief: "Why we gave up our loyalty card",
    kind: "opinion",
    audience: "regulars",
    workspace: "lantern",
    capitals: [],
    passages: [p(122, "Loyalty card", "The loyalty card gave a free book after ten stamps. Most loyalty cards were lost before they were full. The shop now takes ten per cent off for every member of the book club.")],
  },
  {
    brief: "Why we don’t stock bikes under £300",
    kind: "opinion",
    audience: "first-time buyers",
    workspace: "spoke",
    capitals: [],
    passages: [p(123, "Bike stock", "Bikes under £300 often come with brakes that cannot be adjusted properly. Our mechanics saw the same cheap frames back in the shop within months. A good second-hand bike costs about the same and lasts longer.")],
  },
  {
    brief: "The case against hot yoga for beginners",
    kind: "opinion",
    audience: "beginners",
    workspace: "stillwater",
    capitals: [],
    passages: [p(124, "Heat and practice", "Hot rooms make muscles feel looser than they are, so beginners overstretch. Beginners in heated classes often feel dizzy in the first weeks. A warm room at normal temperature is enough to loosen the body.")],
  },
  {
    brief: "Why annual accounting software contracts are a bad deal",
    kind: "opinion",
    audience: "owners of small companies",
    workspace: "ledgerly",
    capitals: [],
    passages: [p(125, "Contracts", "Annual contracts lock customers in even when the software stops fitting. Ledgerly charges by the month and can be cancelled at any time. Most small companies change how they work at least once a year.")],
  },
];

export const CORPUS: CorpusBrief[] = [...CORPUS_FIRST, ...TYPED_BRIEFS];
