import BarChart

// The project's sample data files (shared/data), embedded so the tests need no files, and
// read in a quick scratch way (the app reads them with DataFiles).

/// immigration.dat: a tab-separated table, `#` comments, a header row, `-` for missing.
let immigrationText = """
  # IMMIGRATION BY REGION AND SELECTED COUNTRY OF LAST RESIDENCE
  #
  Region\tAustria\tHungary\tBelgium\tCzechoslovakia\tDenmark\tFrance\tGermany\tGreece\tIreland\tItaly\tNetherlands\tNorway\tSweden\tPoland\tPortugal\tRomania\tSoviet_Union\tSpain\tSwitzerland\tUnited_Kingdom\tYugoslavia\tOther_Europe\tTOTAL\t
  1891-1900\t234081\t181288\t18167\t-\t50231\t30770\t505152\t15979\t388416\t651893\t26758\t95015\t226266\t96720\t27508\t12750\t505290\t8731\t31179\t271538\t-\t282\t3378014\t
  1901-1910\t668209\t808511\t41635\t-\t65285\t73379\t341498\t167519\t339065\t2045877\t48262\t190505\t249534\t-\t69149\t53008\t1597306\t27935\t34922\t525950\t-\t39945\t7387494\t
  1911-1920\t453649\t442693\t33746\t3426\t41983\t61897\t143945\t184201\t146181\t1109524\t43718\t66395\t95074\t4813\t89732\t13311\t921201\t68611\t23091\t341408\t1888\t31400\t4321887\t
  1921-1930\t32868\t30680\t15846\t102194\t32430\t49610\t412202\t51084\t211234\t455315\t26948\t68531\t97249\t227734\t29994\t67646\t61742\t28958\t29676\t339570\t49064\t42619\t2463194\t
  1931-1940\t3563\t7861\t4817\t14393\t2559\t12623\t144058\t9119\t10973\t68028\t7150\t4740\t3960\t17026\t3329\t3871\t1370\t3258\t5512\t31572\t5835\t11949\t377566\t
  1941-1950\t24860\t3469\t12189\t8347\t5393\t38809\t226578\t8973\t19789\t57661\t14860\t10100\t10665\t7571\t7423\t1076\t571\t2898\t10547\t139306\t1576\t8486\t621147\t
  1951-1960\t67106\t36637\t18575\t918\t10984\t51121\t477765\t47608\t43362\t185491\t52277\t22935\t21697\t9985\t19588\t1039\t671\t7894\t17675\t202824\t8225\t16350\t1325727\t
  1961-1970\t20621\t5401\t9192\t3273\t9201\t45237\t190796\t85969\t32966\t214111\t30606\t15484\t17116\t53539\t76065\t3531\t2465\t44659\t18453\t213822\t20381\t11604\t1124492\t
  """

/// iowa-electricity.csv: long format `year,source,net_generation`.
let iowaText = """
  year,source,net_generation
  2001-01-01,Fossil Fuels,35361
  2002-01-01,Fossil Fuels,35991
  2003-01-01,Fossil Fuels,36234
  2004-01-01,Fossil Fuels,36205
  2005-01-01,Fossil Fuels,36883
  2006-01-01,Fossil Fuels,37014
  2007-01-01,Fossil Fuels,41389
  2008-01-01,Fossil Fuels,42734
  2009-01-01,Fossil Fuels,38620
  2010-01-01,Fossil Fuels,42750
  2011-01-01,Fossil Fuels,39361
  2012-01-01,Fossil Fuels,37379
  2013-01-01,Fossil Fuels,34873
  2014-01-01,Fossil Fuels,35250
  2015-01-01,Fossil Fuels,32319
  2016-01-01,Fossil Fuels,28437
  2017-01-01,Fossil Fuels,29329
  2001-01-01,Nuclear Energy,3853
  2002-01-01,Nuclear Energy,4574
  2003-01-01,Nuclear Energy,3988
  2004-01-01,Nuclear Energy,4929
  2005-01-01,Nuclear Energy,4538
  2006-01-01,Nuclear Energy,5095
  2007-01-01,Nuclear Energy,4519
  2008-01-01,Nuclear Energy,5282
  2009-01-01,Nuclear Energy,4679
  2010-01-01,Nuclear Energy,4451
  2011-01-01,Nuclear Energy,5215
  2012-01-01,Nuclear Energy,4347
  2013-01-01,Nuclear Energy,5321
  2014-01-01,Nuclear Energy,4152
  2015-01-01,Nuclear Energy,5243
  2016-01-01,Nuclear Energy,4703
  2017-01-01,Nuclear Energy,5214
  2001-01-01,Renewables,1437
  2002-01-01,Renewables,1963
  2003-01-01,Renewables,1885
  2004-01-01,Renewables,2102
  2005-01-01,Renewables,2724
  2006-01-01,Renewables,3364
  2007-01-01,Renewables,3870
  2008-01-01,Renewables,5070
  2009-01-01,Renewables,8560
  2010-01-01,Renewables,10308
  2011-01-01,Renewables,11795
  2012-01-01,Renewables,14949
  2013-01-01,Renewables,16476
  2014-01-01,Renewables,17452
  2015-01-01,Renewables,19091
  2016-01-01,Renewables,21241
  2017-01-01,Renewables,21933
  """

/// The immigration table's column `column` by region (NaN where the table has `-`).
func immigration(columns: [String], title: String? = nil) -> BarChartData {
  let lines = immigrationText.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
  let header = lines[0].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
  let rows = lines.dropFirst().map {
    $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
  }
  let series = columns.map { name -> BarSeries in
    let i = header.firstIndex(of: name) ?? 0
    return BarSeries(
      name: name, values: rows.map { i < $0.count ? Double($0[i]) ?? .nan : .nan })
  }
  return BarChartData(labels: rows.map { $0[0] }, series: series, title: title)
}

/// The Iowa table pivoted: years (the first four characters of the date) by source.
func iowa(title: String? = nil) -> BarChartData {
  let rows = iowaText.split(separator: "\n").dropFirst().compactMap {
    line -> (label: String, group: String, value: Double)? in
    let f = line.split(separator: ",").map(String.init)
    guard f.count == 3, let v = Double(f[2]) else { return nil }
    return (String(f[0].prefix(4)), f[1], v)
  }
  return BarChartData.pivot(rows: rows, title: title)
}
