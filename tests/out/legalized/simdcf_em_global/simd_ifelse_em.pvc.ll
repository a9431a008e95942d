define dllexport void @simd_ifelse_em(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = icmp sgt <16 x i32> %v2, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v4 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> %v3)
  %v5 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v4, 0
  %v6 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v4, 1
  %v7 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v4, 2
  br i1 %v7, label %bb2, label %bb1
bb1:
  %v9 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v5, i32 0)
  %v8 = shl <16 x i32> %v2, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v10 = select <16 x i1> %v9, <16 x i32> %v8, <16 x i32> %v2
  %v11 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v5, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>)
  %v12 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v11, 0
  %v13 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v11, 1
  %v14 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v11, 2
  br i1 %v14, label %bb2, label %bb2
bb2:
  %v15 = phi <32 x i1> [ %v5, %bb0 ], [ %v12, %bb1 ], [ %v12, %bb1 ]
  %v16 = phi <16 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v13, %bb1 ], [ %v13, %bb1 ]
  %v17 = phi <16 x i32> [ %v2, %bb0 ], [ %v10, %bb1 ], [ %v10, %bb1 ]
  %v18 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v15, <16 x i1> %v6)
  %v19 = extractvalue { <32 x i1>, i1 } %v18, 0
  %v20 = extractvalue { <32 x i1>, i1 } %v18, 1
  br i1 %v20, label %bb4, label %bb3
bb3:
  %v22 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v19, i32 0)
  %v21 = sub <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, %v17
  %v23 = select <16 x i1> %v22, <16 x i32> %v21, <16 x i32> %v17
  br label %bb4
bb4:
  %v24 = phi <16 x i32> [ %v17, %bb2 ], [ %v23, %bb3 ]
  %v25 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v19, <16 x i1> %v16)
  %v26 = extractvalue { <32 x i1>, i1 } %v25, 0
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v24)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @simd_ifelse_em, !"simd_ifelse_em", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
