define dllexport void @simd_nested_source(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = icmp sgt <16 x i32> %v2, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v4 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> %v3)
  %v5 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v4, 0
  %v6 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v4, 1
  %v7 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v4, 2
  br i1 %v7, label %bb5, label %bb1
bb1:
  %v8 = add <16 x i32> %v2, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v9 = icmp sgt <16 x i32> %v8, <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>
  %v10 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v5, i32 0)
  %v11 = select <16 x i1> %v10, <16 x i32> %v8, <16 x i32> undef
  %v12 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v5, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> %v9)
  %v13 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v12, 0
  %v14 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v12, 1
  %v15 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v12, 2
  br i1 %v15, label %bb3, label %bb2
bb2:
  %v16 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v13, i32 0)
  %v17 = select <16 x i1> %v16, <16 x i32> <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>, <16 x i32> %v11
  br label %bb3
bb3:
  %v18 = phi <16 x i32> [ %v11, %bb1 ], [ %v17, %bb2 ]
  %v19 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v13, <16 x i1> %v14)
  %v20 = extractvalue { <32 x i1>, i1 } %v19, 0
  %v21 = extractvalue { <32 x i1>, i1 } %v19, 1
  br i1 %v21, label %bb5, label %bb4
bb4:
  %v22 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v20, i32 0)
  %v23 = select <16 x i1> %v22, <16 x i32> %v18, <16 x i32> undef
  %v24 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v20, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>)
  %v25 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v24, 0
  %v26 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v24, 1
  %v27 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v24, 2
  br i1 %v27, label %bb5, label %bb5
bb5:
  %v28 = phi <16 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb3 ], [ %v26, %bb4 ], [ %v26, %bb4 ]
  %v29 = phi <32 x i1> [ %v5, %bb0 ], [ %v13, %bb3 ], [ %v25, %bb4 ], [ %v25, %bb4 ]
  %v30 = phi <16 x i32> [ undef, %bb0 ], [ undef, %bb3 ], [ %v23, %bb4 ], [ %v23, %bb4 ]
  %v31 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v29, <16 x i1> %v6)
  %v32 = extractvalue { <32 x i1>, i1 } %v31, 0
  %v33 = extractvalue { <32 x i1>, i1 } %v31, 1
  br i1 %v33, label %bb7, label %bb6
bb6:
  %v35 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v32, i32 0)
  %v34 = sub <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, %v2
  %v36 = select <16 x i1> %v35, <16 x i32> %v34, <16 x i32> %v30
  br label %bb7
bb7:
  %v37 = phi <32 x i1> [ %v29, %bb5 ], [ %v32, %bb6 ]
  %v38 = phi <16 x i32> [ %v30, %bb5 ], [ %v36, %bb6 ]
  %v39 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v37, <16 x i1> %v28)
  %v40 = extractvalue { <32 x i1>, i1 } %v39, 0
  %v41 = extractvalue { <32 x i1>, i1 } %v39, 1
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v38)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @simd_nested_source, !"simd_nested_source", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
