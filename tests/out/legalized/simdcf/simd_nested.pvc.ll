define dllexport void @simd_nested(i32 %arg0) {
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
  %v9 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v5, i32 0)
  %v10 = select <16 x i1> %v9, <16 x i32> %v8, <16 x i32> %v2
  %v11 = icmp sgt <16 x i32> %v8, <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>
  %v12 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v5, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> %v11)
  %v13 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v12, 0
  %v14 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v12, 1
  %v15 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v12, 2
  br i1 %v15, label %bb3, label %bb2
bb2:
  %v16 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v13, i32 0)
  %v17 = select <16 x i1> %v16, <16 x i32> <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>, <16 x i32> %v10
  br label %bb3
bb3:
  %v18 = phi <16 x i32> [ %v10, %bb1 ], [ %v17, %bb2 ]
  %v19 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v13, <16 x i1> %v14)
  %v20 = extractvalue { <32 x i1>, i1 } %v19, 0
  br label %bb4
bb4:
  %v21 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v20, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>)
  %v22 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v21, 0
  %v23 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v21, 1
  %v24 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v21, 2
  br i1 %v24, label %bb5, label %bb5
bb5:
  %v25 = phi <16 x i32> [ %v2, %bb0 ], [ %v18, %bb4 ], [ %v18, %bb4 ]
  %v26 = phi <16 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v23, %bb4 ], [ %v23, %bb4 ]
  %v27 = phi <32 x i1> [ %v5, %bb0 ], [ %v22, %bb4 ], [ %v22, %bb4 ]
  %v28 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v27, <16 x i1> %v6)
  %v29 = extractvalue { <32 x i1>, i1 } %v28, 0
  %v30 = extractvalue { <32 x i1>, i1 } %v28, 1
  br i1 %v30, label %bb7, label %bb6
bb6:
  %v31 = sub <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, %v25
  %v32 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v29, i32 0)
  %v33 = select <16 x i1> %v32, <16 x i32> %v31, <16 x i32> %v25
  br label %bb7
bb7:
  %v34 = phi <16 x i32> [ %v25, %bb5 ], [ %v33, %bb6 ]
  %v35 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v29, <16 x i1> %v26)
  br label %bb8
bb8:
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v34)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @simd_nested, !"simd_nested", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
